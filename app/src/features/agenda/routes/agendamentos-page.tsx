/** /agendamentos: the office calendar (month, week, day, list), filtered by staff member, with clients' requests.
 * Times are the office's (its time zone, through FullCalendar's Luxon plugin), whatever the browser's zone. */
import type { DatesSetArg, EventClickArg, EventInput } from '@fullcalendar/core';
import ptBrLocale from '@fullcalendar/core/locales/pt-br';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import luxonPlugin from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Badge, badgeColor } from '@/components/ui/badge';
import { PersonSelect } from '@/components/person-select';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { formatOfficeDateTime, useOfficeTimeZone, useOfficeZoneNote } from '@/lib/office-time';
import { useStaffOptions } from '@/lib/people';
import { useAppointmentRequests, useAppointments } from '../api/queries';
import { AppointmentDialog } from '../components/appointment-dialog';
import { IcalLinkDialog } from '../components/ical-link-dialog';
import { appointmentLabel, endsAt, STATUS_COLORS, type Appointment } from '../lib/appointments';
import { agendaStrings as t } from '../strings';

export function toCalendarEvents(appointments: readonly Appointment[]): EventInput[] {
  return appointments.map((a) => ({
    id: a.id,
    title: appointmentLabel(a),
    start: a.starts_at,
    end: endsAt(a).toISOString(),
    color: STATUS_COLORS[a.status],
    classNames: a.status === 'cancelado' ? ['line-through', 'opacity-60'] : [],
    extendedProps: { appointment: a },
  }));
}

export default function AgendamentosPage() {
  const [range, setRange] = useState({ from: '', to: '' });
  const [staffId, setStaffId] = useState('');
  const [dialog, setDialog] = useState<{ open: boolean; appointment: Appointment | null; start?: Date }>({
    open: false,
    appointment: null,
  });
  const zone = useOfficeTimeZone();
  const zoneNote = useOfficeZoneNote();
  const staff = useStaffOptions();
  const appointments = useAppointments(range.from, range.to, staffId);
  const requests = useAppointmentRequests();
  const events = useMemo(() => toCalendarEvents(appointments.data ?? []), [appointments.data]);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        className="mb-0"
        title={t.title}
        description={t.description}
        actions={
          <>
            <IcalLinkDialog />
            <Button onClick={() => setDialog({ open: true, appointment: null, start: undefined })}>
              <Plus aria-hidden="true" />
              {t.newAppointment}
            </Button>
          </>
        }
      />
      {zoneNote && <p className="text-sm text-muted-foreground">{zoneNote}</p>}
      <div className="flex items-center gap-2">
        <Label htmlFor="agenda-staff">{t.staffFilter}</Label>
        <PersonSelect
          id="agenda-staff"
          className="max-w-xs"
          people={staff.data}
          emptyLabel={t.allStaff}
          value={staffId}
          onValueChange={setStaffId}
        />
      </div>
      {(requests.data?.length ?? 0) > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>{t.requests}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col gap-2">
              {requests.data!.map((r) => (
                <li key={r.id}>
                  <button
                    type="button"
                    className="flex w-full flex-wrap items-center gap-2 rounded-md border p-2 text-left text-sm hover:bg-accent"
                    onClick={() => setDialog({ open: true, appointment: r })}
                  >
                    <Badge variant="outline" className={badgeColor.amber}>
                      {t.statuses.solicitado}
                    </Badge>
                    <span className="font-medium">{appointmentLabel(r)}</span>
                    <span className="text-muted-foreground">{formatOfficeDateTime(r.starts_at, zone)}</span>
                    {r.notes && <span className="text-muted-foreground">— {r.notes}</span>}
                  </button>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
      <Card className="min-w-0 p-3">
        <FullCalendar
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, luxonPlugin]}
          locale={ptBrLocale}
          // The office's clock: with the Luxon plugin the Dates FullCalendar hands back are true instants.
          timeZone={zone}
          initialView="timeGridWeek"
          headerToolbar={{
            left: 'prev,next today',
            center: 'title',
            right: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek',
          }}
          // Words instead of FullCalendar's chevron icons, which carry role="img" and no name.
          buttonIcons={false}
          buttonText={{ prev: 'Anterior', next: 'Próximo', list: 'Lista' }}
          height="auto"
          slotMinTime="07:00:00"
          slotMaxTime="21:00:00"
          nowIndicator
          events={events}
          datesSet={(arg: DatesSetArg) => setRange({ from: arg.start.toISOString(), to: arg.end.toISOString() })}
          dateClick={(arg: DateClickArg) => setDialog({ open: true, appointment: null, start: arg.date })}
          eventClick={(arg: EventClickArg) =>
            setDialog({ open: true, appointment: arg.event.extendedProps.appointment as Appointment })
          }
        />
      </Card>
      <AppointmentDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        appointment={dialog.appointment}
        start={dialog.start}
        defaultStaffId={staffId}
      />
    </div>
  );
}
