/** /cliente/agendamentos: the client's own appointments and "Solicitar agendamento" (the office confirms). Times are
 * the office's clock, as in the reminders the client receives; a note says so when the client's clock differs. */
import { CalendarPlus, MapPin, Video } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/lib/auth-context';
import { errorMessage } from '@/lib/errors';
import { formatOfficeDateTime, useOfficeTimeZone, useOfficeZoneNote } from '@/lib/office-time';
import { fill } from '@/lib/strings';
import { useRequestAppointment } from '../api/mutations';
import { useMyAppointments, useOfficeBusinessHours } from '../api/queries';
import { describeBusinessHours } from '../lib/business-hours';
import { formStart, type Appointment } from '../lib/appointments';
import { agendaStrings as t } from '../strings';
import { useNow } from '@/hooks/use-now';

function AppointmentCard({ appointment, zone }: { appointment: Appointment; zone: string }) {
  const online = appointment.kind === 'online';
  return (
    <Card className="gap-1 px-4 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{formatOfficeDateTime(appointment.starts_at, zone)}</span>
        <Badge variant="outline">{t.statuses[appointment.status]}</Badge>
        <Badge variant="outline">
          {online ? <Video aria-hidden="true" /> : <MapPin aria-hidden="true" />}
          {t.kinds[appointment.kind]}
        </Badge>
      </div>
      {appointment.title && <p className="text-sm">{appointment.title}</p>}
      {online && appointment.meeting_link && (
        <a
          className="text-sm text-primary underline-offset-4 hover:underline"
          href={appointment.meeting_link}
          target="_blank"
          rel="noreferrer"
        >
          {appointment.meeting_link}
        </a>
      )}
      {!online && appointment.location && <p className="text-sm text-muted-foreground">{appointment.location}</p>}
    </Card>
  );
}

export default function PortalAgendamentosPage() {
  const { clientData } = useAuth();
  const appointments = useMyAppointments();
  const zone = useOfficeTimeZone();
  const zoneNote = useOfficeZoneNote();
  const request = useRequestAppointment();
  const hours = describeBusinessHours(useOfficeBusinessHours().data);
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState('');
  const [form, setForm] = useState({
    date: '',
    time: '10:00',
    kind: 'presencial' as 'presencial' | 'online',
    notes: '',
  });
  const now = useNow();
  const upcoming = (appointments.data ?? []).filter((a) => new Date(a.starts_at).getTime() >= now).reverse();
  const past = (appointments.data ?? []).filter((a) => new Date(a.starts_at).getTime() < now);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const start = formStart(form, zone);
    if (!start || !clientData?.id) return;
    setProblem('');
    try {
      await request.mutateAsync({
        client_id: clientData.id,
        starts_at: start.toISOString(),
        kind: form.kind,
        notes: form.notes.trim() || null,
      });
      toast.success(t.portalRequestSent);
      setOpen(false);
    } catch (error) {
      // the database says why (outside business hours, a clash...): shown in the dialog, which stays open
      setProblem(errorMessage(error));
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{t.portalTitle}</h1>
          <p className="text-sm text-muted-foreground">{t.portalDescription}</p>
          {zoneNote && <p className="text-sm text-muted-foreground">{zoneNote}</p>}
        </div>
        <Button
          onClick={() => {
            setProblem('');
            setOpen(true);
          }}
          disabled={!clientData?.id}
        >
          <CalendarPlus aria-hidden="true" />
          {t.portalRequest}
        </Button>
      </div>
      {appointments.isPending ? (
        <Skeleton className="h-24" />
      ) : (appointments.data?.length ?? 0) === 0 ? (
        <Card>
          <CardContent className="text-sm text-muted-foreground">{t.portalEmpty}</CardContent>
        </Card>
      ) : (
        <>
          {upcoming.length > 0 && (
            <section className="flex flex-col gap-2" aria-label={t.upcoming}>
              <h2 className="font-semibold">{t.upcoming}</h2>
              {upcoming.map((a) => (
                <AppointmentCard key={a.id} appointment={a} zone={zone} />
              ))}
            </section>
          )}
          {past.length > 0 && (
            <section className="flex flex-col gap-2" aria-label={t.past}>
              <h2 className="font-semibold">{t.past}</h2>
              {past.map((a) => (
                <AppointmentCard key={a.id} appointment={a} zone={zone} />
              ))}
            </section>
          )}
        </>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t.portalRequestTitle}</DialogTitle>
            <DialogDescription>{t.portalRequestDescription}</DialogDescription>
            {hours && <p className="text-sm text-muted-foreground">{fill(t.portalHours, { hours })}</p>}
          </DialogHeader>
          <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
            <FormField label={t.date}>
              <Input
                type="date"
                required
                value={form.date}
                onChange={(e) => setForm({ ...form, date: e.target.value })}
              />
            </FormField>
            <FormField label={t.time}>
              <Input
                type="time"
                required
                value={form.time}
                onChange={(e) => setForm({ ...form, time: e.target.value })}
              />
            </FormField>
            <FormField label={t.kind} className="sm:col-span-2">
              <NativeSelect
                value={form.kind}
                onChange={(e) => setForm({ ...form, kind: e.target.value as 'presencial' | 'online' })}
              >
                <option value="presencial">{t.kinds.presencial}</option>
                <option value="online">{t.kinds.online}</option>
              </NativeSelect>
            </FormField>
            <FormField label={t.portalPreference} className="sm:col-span-2">
              <Textarea rows={3} value={form.notes} onChange={(e) => setForm({ ...form, notes: e.target.value })} />
            </FormField>
            {problem && (
              <p role="alert" className="text-sm text-destructive sm:col-span-2">
                {problem}
              </p>
            )}
            <DialogFooter className="sm:col-span-2">
              <Button type="submit" disabled={request.isPending || !formStart(form, zone)}>
                {t.send}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
