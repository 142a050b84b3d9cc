import { describe, expect, it } from 'vitest';
import { parseRecentTask, parseUpcomingAppointment } from './queries';

describe('dashboard lists', () => {
  const appointment = {
    id: 'a1',
    title: null,
    starts_at: '2026-03-10T13:00:00Z',
    kind: 'presencial',
    status: 'agendado',
    clients: { full_name: 'Maria Silva' },
  };
  const task = {
    id: 't1',
    title: 'Enviar I-130',
    due_date: null,
    priority: 'baixa',
    status: 'pendente',
    process_id: 7,
    clients: null,
  };

  it('keeps rows with a known kind or priority', () => {
    expect(parseUpcomingAppointment(appointment)).toEqual(appointment);
    expect(parseRecentTask(task)).toEqual(task);
  });

  it('refuses a kind or a priority the lists have no label for', () => {
    expect(parseUpcomingAppointment({ ...appointment, kind: 'telefone' })).toBeNull();
    expect(parseRecentTask({ ...task, priority: 'urgente' })).toBeNull();
  });
});
