/** Appointments (pure): the row type, its end, calendar colours, the form values <-> row conversion. The form's date
 * and time are the office's wall clock (lib/office-time.ts), whatever the browser's zone. */
import { addMinutes } from 'date-fns';
import { formatInZone, getOfficeTimeZone, zonedInstant } from '@/lib/office-time';

export interface Appointment {
  id: string;
  client_id: string | null;
  staff_id: string | null;
  process_id: number | null;
  title: string | null;
  starts_at: string;
  duration_minutes: number;
  kind: 'presencial' | 'online';
  location: string | null;
  meeting_link: string | null;
  status: 'solicitado' | 'agendado' | 'confirmado' | 'realizado' | 'cancelado';
  notes: string | null;
  source: string | null;
  clients?: { full_name: string } | null;
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
