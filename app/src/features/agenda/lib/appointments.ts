/** Appointments (pure): the row type, its end, calendar colours, the form values <-> row conversion. */
import { addMinutes, format } from 'date-fns';

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

export function formFromAppointment(appointment: Appointment | null, start?: Date, staffId?: string): AppointmentForm {
  const when = appointment ? new Date(appointment.starts_at) : (start ?? new Date());
  return {
    client_id: appointment?.client_id ?? '',
    staff_id: appointment?.staff_id ?? staffId ?? '',
    title: appointment?.title ?? '',
    date: format(when, 'yyyy-MM-dd'),
    time: format(when, 'HH:mm'),
    duration_minutes: appointment?.duration_minutes ?? 60,
    kind: appointment?.kind ?? 'presencial',
    location: appointment?.location ?? '',
    meeting_link: appointment?.meeting_link ?? '',
    status: appointment?.status ?? 'agendado',
    notes: appointment?.notes ?? '',
  };
}

/** The instant the form describes (browser-local date and time), or null when incomplete. */
export function formStart(form: Pick<AppointmentForm, 'date' | 'time'>): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.date) || !/^\d{2}:\d{2}$/.test(form.time)) return null;
  const date = new Date(`${form.date}T${form.time}:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Row values for insert/update; null means the form is not valid (see validateForm). */
export function rowFromForm(form: AppointmentForm) {
  const start = formStart(form);
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

export function validateForm(form: AppointmentForm): FormProblem {
  if (!formStart(form) || (!form.client_id && form.title.trim().length < 2)) return 'required';
  if (form.kind === 'online' && form.meeting_link.trim() && !/^https?:\/\//i.test(form.meeting_link.trim()))
    return 'link';
  return null;
}
