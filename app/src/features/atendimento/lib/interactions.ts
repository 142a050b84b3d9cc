/** Interaction list helpers: tab filter, search, status colours, datetime-local conversion. */
import { format } from 'date-fns';
import type { BadgeColor } from '@/components/ui/badge';
import type { InteractionStatus } from '../schemas';

export interface InteractionRow {
  id: string;
  client_id: string;
  process_id: number | null;
  type: string;
  content: string;
  contact_date: string;
  duration_minutes: number | null;
  status: string;
  created_by: string | null;
  created_by_name: string | null;
  created_at: string;
  client: { id: string; full_name: string | null } | null;
  process: { id: number; type: string } | null;
}

export type InteractionTab = 'all' | 'completed' | 'pending' | 'scheduled';

/** Tab (status) + case-insensitive search over client name, process type, content and creator. */
export const STATUS_COLORS: Record<InteractionStatus, BadgeColor> = {
  completed: 'green',
  pending: 'amber',
  scheduled: 'blue',
  cancelled: 'red',
};

export function canComplete(status: string): boolean {
  return status !== 'completed';
}

export function canCancel(status: string): boolean {
  return status === 'scheduled';
}

/** A Date / ISO string -> the value of an <input type="datetime-local"> (local time, minutes). */
export function toDateTimeLocal(value: Date | string): string {
  return format(typeof value === 'string' ? new Date(value) : value, "yyyy-MM-dd'T'HH:mm");
}
