/** The dashboard's three lists: upcoming appointments, recent tasks (samples) and recent documents. */
import { CheckCircle2, Circle, FileText, MapPin, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge, badgeColor } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import type { RecentDocument } from '../api/queries';
import { PRIORITY_LABELS, type Priority, type SampleAppointment, type SampleTask } from '../sample-data';
import { dashboardStrings as t } from '../strings';

const PRIORITY_COLOR: Record<Priority, string> = {
  alta: badgeColor.red,
  média: badgeColor.yellow,
  baixa: badgeColor.green,
};

function ListCard({ title, link, children }: { title: string; link?: string; children: ReactNode }) {
  return (
    // min-w-0: a grid item must not grow past a phone-wide column.
    <Card className="h-full min-w-0">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <h2 className="font-semibold">{title}</h2>
        {link && (
          <Link to={link} className="shrink-0 text-sm whitespace-nowrap text-primary underline-offset-4 hover:underline" aria-label={`${t.seeAll}: ${title}`}>
            {t.seeAll}
          </Link>
        )}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function AppointmentsList({ appointments }: { appointments: SampleAppointment[] }) {
  return (
    <ListCard title={t.appointmentsTitle} link={paths.agendamentos}>
      <ul className="flex flex-col divide-y">
        {appointments.map((item) => (
          <li key={`${item.client}-${item.date}-${item.time}`} className="flex items-center gap-3 py-2.5">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
              {item.type === 'meet' ? <Video className="size-4" aria-hidden="true" /> : <MapPin className="size-4" aria-hidden="true" />}
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{item.client}</p>
              <p className="text-xs text-muted-foreground">
                {formatDate(item.date)} · {item.time}
              </p>
            </div>
            <Badge variant="outline">{item.type === 'meet' ? t.meet : t.presencial}</Badge>
          </li>
        ))}
      </ul>
    </ListCard>
  );
}

export function TasksList({ tasks }: { tasks: SampleTask[] }) {
  return (
    <ListCard title={t.tasksTitle} link={paths.tarefas}>
      <ul className="flex flex-col divide-y">
        {tasks.map((task) => (
          <li key={task.title} className="flex items-start gap-3 py-2.5">
            {task.completed ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-600" aria-label={t.done} />
            ) : (
              <Circle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            )}
            <div className="min-w-0 flex-1">
              <p className={`text-sm font-medium ${task.completed ? 'text-muted-foreground line-through' : ''}`}>{task.title}</p>
              <p className="text-xs text-muted-foreground">
                {task.client} · {task.process} · {formatDate(task.dueDate)}
              </p>
            </div>
            <Badge variant="outline" className={PRIORITY_COLOR[task.priority]}>
              {PRIORITY_LABELS[task.priority]}
            </Badge>
          </li>
        ))}
      </ul>
    </ListCard>
  );
}

export function DocumentsList({ documents, loading }: { documents: RecentDocument[] | undefined; loading: boolean }) {
  return (
    <ListCard title={t.documentsTitle}>
      {loading ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
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
