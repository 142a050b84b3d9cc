/** /integracoes/tarefas-agendadas (administrator): scheduled jobs, their last runs and errors, run now. */
import { Play } from 'lucide-react';
import { toast } from '@/lib/toast';
import { PageHeader } from '@/components/page-header';
import { Badge, badgeColor } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { type CronJob, useCronJobs, useCronRuns, useRunJobNow } from '../api/queries';
import { describeSchedule } from '../lib/describe-schedule';
import { automacoesStrings as t } from '../strings';
import { fill } from '@/lib/strings';

const STATUS_COLOR: Record<string, string> = {
  starting: badgeColor.blue,
  running: badgeColor.yellow,
  succeeded: badgeColor.green,
  failed: badgeColor.red,
};

function jobLabel(name: string | null, jobid: number) {
  return (name && t.jobNames[name]) || name || `#${jobid}`;
}

function StatusBadge({ status }: { status: string | null }) {
  if (!status) return <span className="text-muted-foreground">{t.never}</span>;
  return (
    <Badge variant="outline" className={STATUS_COLOR[status]}>
      {t.statuses[status] ?? status}
    </Badge>
  );
}

function LoadingRows({ columns }: { columns: number }) {
  return Array.from({ length: 3 }, (_, i) => (
    <TableRow key={i}>
      <TableCell colSpan={columns}>
        <Skeleton className="h-5 w-full" />
      </TableCell>
    </TableRow>
  ));
}

function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} className="py-6 text-center text-muted-foreground">
        {text}
      </TableCell>
    </TableRow>
  );
}

function JobsTable() {
  const { data: jobs = [], isLoading, isError, error } = useCronJobs();
  const runNow = useRunJobNow();
  const request = (job: CronJob) =>
    runNow.mutate(job.jobid, {
      onSuccess: () => toast.success(fill(t.runQueued, { name: jobLabel(job.jobname, job.jobid) })),
      onError: (e) => toast.error(t.runFailed, { description: errorMessage(e) }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.jobs}</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t.name}</TableHead>
              <TableHead>{t.schedule}</TableHead>
              <TableHead>{t.active}</TableHead>
              <TableHead>{t.lastRun}</TableHead>
              <TableHead>{t.status}</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">{t.runNow}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {isLoading && <LoadingRows columns={6} />}
            {isError && <EmptyRow columns={6} text={`${t.loadFailed}: ${errorMessage(error)}`} />}
            {!isLoading && !isError && jobs.length === 0 && <EmptyRow columns={6} text={t.emptyJobs} />}
            {jobs.map((job) => (
              <TableRow key={job.jobid} data-testid="cron-job">
                <TableCell>
                  <div className="font-medium">{jobLabel(job.jobname, job.jobid)}</div>
                  {job.jobname && t.jobNames[job.jobname] && (
                    <div className="text-xs text-muted-foreground">{job.jobname}</div>
                  )}
                </TableCell>
                <TableCell title={job.schedule}>{describeSchedule(job.schedule)}</TableCell>
                <TableCell>
                  <Badge variant="outline" className={job.active ? badgeColor.green : undefined}>
                    {job.active ? t.enabled : t.disabled}
                  </Badge>
                </TableCell>
                <TableCell>{job.last_start ? formatDateTime(job.last_start) : '-'}</TableCell>
                <TableCell>
                  <div className="flex flex-col gap-1">
                    <StatusBadge status={job.last_status} />
                    {job.last_status === 'failed' && job.last_message && (
                      <span className="max-w-xs text-xs break-words text-destructive">{job.last_message}</span>
                    )}
                    {job.failed_runs > 0 && (
                      <span className="text-xs text-muted-foreground">
                        {fill(t.failedCount, { count: String(job.failed_runs) })}
                      </span>
                    )}
                  </div>
                </TableCell>
                <TableCell className="text-right">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => request(job)}
                    disabled={runNow.isPending || job.last_status === 'starting'}
                    aria-label={`${t.runNow}: ${jobLabel(job.jobname, job.jobid)}`}
                  >
                    <Play aria-hidden="true" />
                    {t.runNow}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function RunsTable() {
  const { data: runs = [], isLoading, isError, error } = useCronRuns();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.runs}</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t.name}</TableHead>
              <TableHead>{t.startedAt}</TableHead>
              <TableHead>{t.finishedAt}</TableHead>
              <TableHead>{t.status}</TableHead>
              <TableHead>{t.message}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {isLoading && <LoadingRows columns={5} />}
            {isError && <EmptyRow columns={5} text={`${t.loadFailed}: ${errorMessage(error)}`} />}
            {!isLoading && !isError && runs.length === 0 && <EmptyRow columns={5} text={t.emptyRuns} />}
            {runs.map((run) => (
              <TableRow key={run.runid} data-testid="cron-run">
                <TableCell className="font-medium">{jobLabel(run.jobname, run.jobid)}</TableCell>
                <TableCell>{formatDateTime(run.start_time)}</TableCell>
                <TableCell>{formatDateTime(run.end_time)}</TableCell>
                <TableCell>
                  <StatusBadge status={run.status} />
                </TableCell>
                <TableCell className="max-w-md text-xs break-words">{run.return_message || '-'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

export default function TarefasAgendadasPage() {
  return (
    // one column that may be narrower than the tables: they scroll inside their cards, the page never sideways
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t.title} description={t.description} />
      <JobsTable />
      <RunsTable />
    </div>
  );
}
