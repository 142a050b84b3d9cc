/** Appointments (pure): the row type, its end, calendar colours, the form values <-> row conversion. The form's date
 * and time are the office's wall clock (lib/office-time.ts), whatever the browser's zone. */
import { addMinutes } from 'date-fns';
import type { Tables } from '@/lib/database.types';
import { isOneOf } from '@/lib/rows';
import { formatInZone, getOfficeTimeZone, zonedInstant } from '@/lib/office-time';

/** The values the table's checks allow for kind and status. */
export const APPOINTMENT_KINDS = ['presencial', 'online'] as const;
export const APPOINTMENT_STATUSES = ['solicitado', 'agendado', 'confirmado', 'realizado', 'cancelado'] as const;

type AppointmentRow = Tables<'appointments'>;

export interface Appointment
  extends Pick<
    AppointmentRow,
    | 'id'
    | 'client_id'
    | 'staff_id'
    | 'process_id'
    | 'title'
    | 'starts_at'
    | 'duration_minutes'
    | 'location'
    | 'meeting_link'
    | 'notes'
    | 'source'
  > {
  kind: (typeof APPOINTMENT_KINDS)[number];
  status: (typeof APPOINTMENT_STATUSES)[number];
  clients?: { full_name: string } | null;
}

/** An appointment overlapping a slot (appointment_conflicts), as the dialog's warning lists it. */
export type AppointmentClash = Pick<
  AppointmentRow,
  'id' | 'title' | 'starts_at' | 'duration_minutes' | 'client_id' | 'status'
>;

/**
 * A row with its kind and status narrowed to the values above, or null for a value the calendar has no colour nor
 * label for: the caller leaves that row out with a warning (keepParsed) rather than show it as another status.
 */
export function parseAppointment<R extends { kind: string; status: string }>(
  row: R,
): (Omit<R, 'kind' | 'status'> & Pick<Appointment, 'kind' | 'status'>) | null {
  const { kind, status } = row;
  if (!isOneOf(APPOINTMENT_KINDS, kind) || !isOneOf(APPOINTMENT_STATUSES, status)) return null;
  return { ...row, kind, status };
}

export const APPOINTMENT_COLUMNS =
  'id, client_id, staff_id, process_id, title, starts_at, duration_minutes, kind, location, meeting_link, status, notes, source, clients(full_name)';

export const STATUS_COLORS: Record<Appointment['status'], string> = {
  // White event text on each: 4.5:1 or more (WCAG AA).
  solicitado: '#b45309',
  agendado: '#2563eb',
  confirmado: '#047857',
  realizado: '#4b5563',
  cancelado: '#6b7280',
};

export function endsAt(appointment: Pick<Appointment, 'starts_at' | 'duration_minutes'>): Date {
  return addMinutes(new Date(appointment.starts_at), appointment.duration_minutes);
}

export function appointmentLabel(appointment: Appointment): string {
  const client = appointment.clients?.full_name;
  if (appointment.title && client) return `${appointment.title} — ${client}`;
  return appointment.title ?? client ?? 'Agendamento';
}

export interface AppointmentForm {
  client_id: string;
  staff_id: string;
  title: string;
  date: string;
  time: string;
  duration_minutes: number;
  kind: 'presencial' | 'online';
  location: string;
  meeting_link: string;
  status: Appointment['status'];
  notes: string;
}

export function formFromAppointment(
  appointment: Appointment | null,
  start?: Date,
  staffId?: string,
  zone: string = getOfficeTimeZone(),
): AppointmentForm {
  const when = appointment ? new Date(appointment.starts_at) : (start ?? new Date());
  return {
    client_id: appointment?.client_id ?? '',
    staff_id: appointment?.staff_id ?? staffId ?? '',
    title: appointment?.title ?? '',
    date: formatInZone(when, 'yyyy-MM-dd', zone),
    time: formatInZone(when, 'HH:mm', zone),
    duration_minutes: appointment?.duration_minutes ?? 60,
    kind: appointment?.kind ?? 'presencial',
    location: appointment?.location ?? '',
    meeting_link: appointment?.meeting_link ?? '',
    status: appointment?.status ?? 'agendado',
    notes: appointment?.notes ?? '',
  };
}

/** The instant the form describes (date and time on the office's clock), or null when incomplete. */
export function formStart(
  form: Pick<AppointmentForm, 'date' | 'time'>,
  zone: string = getOfficeTimeZone(),
): Date | null {
  return zonedInstant(form.date, form.time, zone);
}

/** Row values for insert/update; null means the form is not valid (see validateForm). */
export function rowFromForm(form: AppointmentForm, zone: string = getOfficeTimeZone()) {
  const start = formStart(form, zone);
  if (!start) return null;
  const online = form.kind === 'online';
  return {
    client_id: form.client_id || null,
    staff_id: form.staff_id || null,
    title: form.title.trim() || null,
    starts_at: start.toISOString(),
    duration_minutes: Number(form.duration_minutes),
    kind: form.kind,
    location: online ? null : form.location.trim() || null,
    meeting_link: online ? form.meeting_link.trim() || null : null,
    status: form.status,
    notes: form.notes.trim() || null,
  };
}

export type FormProblem = 'required' | 'link' | null;

export function validateForm(form: AppointmentForm, zone: string = getOfficeTimeZone()): FormProblem {
  if (!formStart(form, zone) || (!form.client_id && form.title.trim().length < 2)) return 'required';
  if (form.kind === 'online' && form.meeting_link.trim() && !/^https?:\/\//i.test(form.meeting_link.trim()))
    return 'link';
  return null;
}
