import { describe, expect, it } from 'vitest';
import { parseAppointment } from './appointments';

const row = {
  id: 'a1',
  client_id: 'c1',
  staff_id: 's1',
  process_id: null,
  title: 'Consulta',
  starts_at: '2026-03-10T13:00:00Z',
  duration_minutes: 60,
  kind: 'online',
  location: null,
  meeting_link: 'https://meet.example/abc',
  status: 'confirmado',
  notes: null,
  source: null,
  clients: { full_name: 'Maria Silva' },
};

describe('parseAppointment', () => {
  it('keeps a row with a known kind and status as it is', () => {
    expect(parseAppointment(row)).toEqual(row);
  });

  it('refuses a status or a kind the calendar does not know, instead of showing it as another', () => {
    expect(parseAppointment({ ...row, status: 'remarcado' })).toBeNull();
    expect(parseAppointment({ ...row, status: 'Confirmado' })).toBeNull();
    expect(parseAppointment({ ...row, kind: 'telefone' })).toBeNull();
  });
});
