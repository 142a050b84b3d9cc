/** Reads of the agenda: appointments in a range, clients' requests, overlaps, the own feed, the portal's list. */
import { useQuery } from '@tanstack/react-query';
import { keepParsed } from '@/lib/rows';
import { supabase } from '@/lib/supabase';
import type { BusinessHours } from '../lib/business-hours';
import { APPOINTMENT_COLUMNS, parseAppointment, type Appointment, type AppointmentClash } from '../lib/appointments';
import { agendaStrings as t } from '../strings';
import { agendaKeys } from './keys';

export async function fetchAppointments(from: string, to: string, staffId: string): Promise<Appointment[]> {
  let query = supabase.from('appointments').select(APPOINTMENT_COLUMNS).gte('starts_at', from).lt('starts_at', to);
  if (staffId) query = query.eq('staff_id', staffId);
  const { data } = await query.order('starts_at').throwOnError();
  return keepParsed(data, parseAppointment, 'appointments');
}

export function useAppointments(from: string, to: string, staffId: string) {
  return useQuery({
    queryKey: agendaKeys.range(from, to, staffId),
    queryFn: () => fetchAppointments(from, to, staffId),
    enabled: Boolean(from && to),
    meta: { errorMessage: t.loadError },
  });
}

export function useAppointmentRequests() {
  return useQuery({
    queryKey: agendaKeys.requests(),
    queryFn: async (): Promise<Appointment[]> => {
      const { data } = await supabase
        .from('appointments')
        .select(APPOINTMENT_COLUMNS)
        .eq('status', 'solicitado')
        .order('starts_at')
        .throwOnError();
      return keepParsed(data, parseAppointment, 'appointments');
    },
    meta: { silent: true },
  });
}

/** The office's business hours per weekday (office_business_hours RPC): when a client may ask for a slot. */
export function useOfficeBusinessHours() {
  return useQuery({
    queryKey: agendaKeys.businessHours(),
    queryFn: async () => {
      const { data } = await supabase.rpc('office_business_hours').throwOnError();
      const row = (Array.isArray(data) ? data[0] : data) as { business_hours?: BusinessHours } | null | undefined;
      return row?.business_hours ?? null;
    },
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

/** Appointments of the staff member overlapping the slot (appointment_conflicts RPC). */
export function useConflicts(staffId: string, start: Date | null, minutes: number, exclude: string) {
  const iso = start?.toISOString() ?? '';
  return useQuery({
    queryKey: agendaKeys.conflicts(staffId, iso, minutes, exclude),
    queryFn: async (): Promise<AppointmentClash[]> => {
      const { data } = await supabase
        .rpc('appointment_conflicts', {
          p_staff_id: staffId,
          p_starts_at: iso,
          p_duration: minutes,
          p_exclude: exclude || null,
        })
        .select('id, title, starts_at, duration_minutes, client_id, status')
        .throwOnError();
      return data ?? [];
    },
    enabled: Boolean(staffId && iso && minutes > 0),
    meta: { silent: true },
  });
}

/** Whether the signed-in staff member already has a feed (the token itself is never readable). */
export function useHasCalendarFeed(userId: string | undefined) {
  return useQuery({
    queryKey: agendaKeys.feed(),
    queryFn: async () => {
      const { data } = await supabase.from('calendar_feeds').select('created_at').eq('user_id', userId!).throwOnError();
      return (data ?? []).length > 0;
    },
    enabled: Boolean(userId),
    meta: { silent: true },
  });
}

/** The signed-in client's appointments (RLS returns only its own). */
export function useMyAppointments() {
  return useQuery({
    queryKey: agendaKeys.mine(),
    queryFn: async (): Promise<Appointment[]> => {
      const { data } = await supabase
        .from('appointments')
        .select(
          'id, client_id, staff_id, process_id, title, starts_at, duration_minutes, kind, location, meeting_link, status, notes, source',
        )
        .order('starts_at', { ascending: false })
        .throwOnError();
      return keepParsed(data, parseAppointment, 'appointments');
    },
    meta: { errorMessage: t.loadError },
  });
}
