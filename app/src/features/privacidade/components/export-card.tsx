/** "Baixar meus dados" / "Exportar dados do cliente": start an export, follow its progress, download the ZIP. */
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { env } from '@/config/env';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { saveBlob } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { type ExportJob, useExportJobs, useExportLink, useStartExport } from '../api/lgpd';
import { fill, privacidadeStrings as t } from '../strings';

function JobLine({ job }: { job: ExportJob }) {
  const link = useExportLink();
  const expired = job.expires_at !== null && new Date(job.expires_at) <= new Date();
  const onDownload = async () => {
    try {
      const url = await link.mutateAsync(job.id);
      // the link is signed for the API's own address; the app reaches the API at its configured URL
      const signed = new URL(url);
      const response = await fetch(`${env.SUPABASE_URL.replace(/\/$/, '')}${signed.pathname}${signed.search}`);
      if (!response.ok) throw new Error(t.exportExpired);
      saveBlob(await response.blob(), `meus-dados-${job.created_at.slice(0, 10)}.zip`);
    } catch (err) {
      toast.error(fill(t.exportFailed, { message: errorMessage(err) }));
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 border-b py-2 last:border-0">
      <span className="text-sm">
        {t.requestedAt} {formatDateTime(job.created_at)} — <strong>{t.status[job.status]}</strong>
        {job.delivered_at && (
          <span className="text-muted-foreground">
            {' '}
            · {t.deliveredAt} {formatDateTime(job.delivered_at)}
          </span>
        )}
      </span>
      {job.status === 'queued' || job.status === 'running' ? (
        <span role="status" className="text-sm text-muted-foreground">
          {fill(t.exportRunning, { progress: String(job.progress) })}
        </span>
      ) : job.status === 'done' && !expired ? (
        <Button size="sm" variant="outline" onClick={onDownload} disabled={link.isPending}>
          <Download aria-hidden="true" />
          {t.exportDownload}
        </Button>
      ) : job.status === 'done' ? (
        <span className="text-sm text-muted-foreground">{t.exportExpired}</span>
      ) : (
        <span className="text-sm text-destructive">{job.error}</span>
      )}
    </li>
  );
}

export function ExportCard({
  title,
  description,
  startLabel,
  clientId,
  requireClient = false,
  children,
}: {
  title: string;
  description: string;
  startLabel: string;
  /** The client to export (administrators); '' for the signed-in client itself. */
  clientId: string;
  /** Administrators pick a client first. */
  requireClient?: boolean;
  children?: ReactNode;
}) {
  const jobs = useExportJobs(clientId);
  const start = useStartExport();
  const running = (jobs.data ?? []).some((job) => job.status === 'queued' || job.status === 'running');
  const onStart = async () => {
    try {
      await start.mutateAsync(clientId || null);
      toast.success(t.exportStarted);
    } catch (err) {
      toast.error(fill(t.exportFailed, { message: errorMessage(err) }));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {children}
        <div>
          <Button onClick={onStart} disabled={start.isPending || running || (requireClient && !clientId)}>
            <Download aria-hidden="true" />
            {startLabel}
          </Button>
        </div>
        {(jobs.data ?? []).length > 0 && (
          <section aria-label={t.exportsHistory}>
            <ul>
              {(jobs.data ?? []).map((job) => (
                <JobLine key={job.id} job={job} />
              ))}
            </ul>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
