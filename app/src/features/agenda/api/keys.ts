/** Query keys of the agenda. */
import { readsTables } from '@/lib/data-keys';
export const agendaKeys = {
  all: ['appointments'] as const,
  range: (from: string, to: string, staffId: string) => [...agendaKeys.all, 'range', from, to, staffId] as const,
  requests: () => [...agendaKeys.all, 'requests'] as const,
  conflicts: (staffId: string, start: string, minutes: number, exclude: string) =>
    [...agendaKeys.all, 'conflicts', staffId, start, minutes, exclude] as const,
  mine: () => [...agendaKeys.all, 'mine'] as const,
  upcoming: () => [...agendaKeys.all, 'upcoming'] as const,
  feed: () => ['calendar-feed'] as const,
  businessHours: () => ['office-business-hours'] as const,
};

readsTables(agendaKeys.all, ['appointments', 'clients', 'processes']);
readsTables(agendaKeys.feed(), ['calendar_feeds']);
readsTables(agendaKeys.businessHours(), ['office_settings']);
