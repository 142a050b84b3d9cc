/** Deletion requests (pure): the row as the screens read it, its status narrowed to the table's check. */
import type { Tables } from '@/lib/database.types';
import { isOneOf } from '@/lib/rows';

export const DELETION_STATUSES = ['pending', 'rejected', 'completed'] as const;

export const DELETION_REQUEST_COLUMNS =
  'id, client_id, reason, status, created_at, reviewed_at, review_note, certificate, clients(full_name)';

export interface DeletionRequest
  extends Pick<
    Tables<'data_deletion_requests'>,
    'id' | 'client_id' | 'reason' | 'created_at' | 'reviewed_at' | 'review_note' | 'certificate'
  > {
  status: (typeof DELETION_STATUSES)[number];
  clients?: { full_name: string } | null;
}

/**
 * A row with its status narrowed, or null for a status the screens have no label for: the caller leaves that row
 * out with a warning (keepParsed) rather than show it as pending, rejected or completed when it is none of them.
 */
export function parseDeletionRequest<R extends { status: string }>(
  row: R,
): (Omit<R, 'status'> & Pick<DeletionRequest, 'status'>) | null {
  const { status } = row;
  return isOneOf(DELETION_STATUSES, status) ? { ...row, status } : null;
}
