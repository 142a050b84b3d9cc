import { describe, expect, it } from 'vitest';
import { parseDeletionRequest } from './deletion-requests';

const row = {
  id: 'd1',
  client_id: 'c1',
  reason: 'Não sou mais cliente',
  status: 'completed',
  created_at: '2026-03-01T12:00:00Z',
  reviewed_at: '2026-03-02T12:00:00Z',
  review_note: null,
  certificate: { request_id: 'd1', deleted: { documents: 3 } },
  clients: null,
};

describe('parseDeletionRequest', () => {
  it('keeps a row with a known status, its certificate as stored', () => {
    expect(parseDeletionRequest(row)).toEqual(row);
    expect(parseDeletionRequest({ ...row, status: 'pending', certificate: null })?.status).toBe('pending');
  });

  it('refuses a status the screens have no label for', () => {
    expect(parseDeletionRequest({ ...row, status: 'approved' })).toBeNull();
    expect(parseDeletionRequest({ ...row, status: '' })).toBeNull();
  });
});
