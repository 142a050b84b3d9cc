/** The dashboard's three lists: upcoming appointments, recent tasks and recent documents, with empty states. */
import { CheckCircle2, Circle, FileText, MapPin, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge, ColorBadge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { formatOfficeDateTime, useOfficeTimeZone, useOfficeZoneNote } from '@/lib/office-time';
import { TASK_PRIORITY_COLORS } from '@/lib/status';
import type { RecentDocument, RecentTask, UpcomingAppointment } from '../api/queries';
import { dashboardStrings as t } from '../strings';

function Loading() {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

function ListCard({ title, link, children }: { title: string; link?: string; children: ReactNode }) {
  return (
    // min-w-0: a grid item must not grow past a phone-wide column.
    <Card className="h-full min-w-0">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <h2 className="font-semibold">{title}</h2>
        {link && (
          <Link
            to={link}
            className="shrink-0 text-sm whitespace-nowrap text-primary underline-offset-4 hover:underline"
            aria-label={`${t.seeAll}: ${title}`}
          >
            {t.seeAll}
          </Link>
        )}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function AppointmentsList({
  appointments,
  loading,
}: {
  appointments: UpcomingAppointment[] | undefined;
  loading: boolean;
}) {
  // The office's clock, as the reminders say it.
  const zone = useOfficeTimeZone();
  const zoneNote = useOfficeZoneNote();
  return (
    <ListCard title={t.appointmentsTitle} link={paths.agendamentos}>
      {zoneNote && appointments && appointments.length > 0 && (
        <p className="mb-1 text-xs text-muted-foreground">{zoneNote}</p>
      )}
      {loading ? (
        <Loading />
      ) : !appointments || appointments.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">{t.noAppointments}</p>
      ) : (
        <ul className="flex flex-col divide-y">
          {appointments.map((item) => (
            <li key={item.id} className="flex items-center gap-3 py-2.5">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                {item.kind === 'online' ? (
                  <Video className="size-4" aria-hidden="true" />
                ) : (
                  <MapPin className="size-4" aria-hidden="true" />
                )}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">
                  {item.clients?.full_name ?? item.title ?? t.unknownClient}
                </p>
                <p className="text-xs text-muted-foreground">{formatOfficeDateTime(item.starts_at, zone)}</p>
              </div>
              <Badge variant="outline">{item.kind === 'online' ? t.online : t.presencial}</Badge>
            </li>
          ))}
        </ul>
      )}
    </ListCard>
  );
}

export function TasksList({ tasks, loading }: { tasks: RecentTask[] | undefined; loading: boolean }) {
  return (
    <ListCard title={t.tasksTitle} link={paths.tarefas}>
      {loading ? (
        <Loading />
      ) : !tasks || tasks.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">{t.noTasks}</p>
      ) : (
        <ul className="flex flex-col divide-y">
          {tasks.map((task) => {
            const completed = task.status === 'concluida';
            return (
              <li key={task.id} className="flex items-start gap-3 py-2.5">
                {completed ? (
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-600" aria-label={t.done} />
                ) : (
                  <Circle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                )}
                <div className="min-w-0 flex-1">
                  <p className={`text-sm font-medium ${completed ? 'text-muted-foreground line-through' : ''}`}>
                    {task.title}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {[
                      task.clients?.full_name,
                      task.process_id ? `Processo ${task.process_id}` : null,
                      formatDate(task.due_date, ''),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <ColorBadge color={TASK_PRIORITY_COLORS[task.priority]}>{t.priorities[task.priority]}</ColorBadge>
              </li>
            );
          })}
        </ul>
      )}
    </ListCard>
  );
}

export function DocumentsList({ documents, loading }: { documents: RecentDocument[] | undefined; loading: boolean }) {
  return (
    <ListCard title={t.documentsTitle}>
      {loading ? (
        <Loading />
      ) : !documents || documents.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">{t.noDocuments}</p>
      ) : (
        <ul className="flex flex-col divide-y">
          {documents.map((doc) => (
            <li key={doc.id} className="flex items-center gap-3 py-2.5">
              <FileText className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{doc.name}</p>
                <p className="text-xs text-muted-foreground">
                  {doc.client_name ?? t.unknownClient} · {formatDate(doc.created_at)} ·{' '}
                  {doc.uploaded_by === 'client' ? t.sentByClient : t.sentByOffice}
                </p>
              </div>
              {doc.document_type && <Badge variant="secondary">{doc.document_type}</Badge>}
            </li>
          ))}
        </ul>
      )}
    </ListCard>
  );
}
