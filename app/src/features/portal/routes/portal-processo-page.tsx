/** /cliente/processos/:processId: one process of the client — summary, the documents asked for, timeline. */
import { ArrowLeft, FileUp } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { Timeline } from '@/components/timeline';
import { documentStageLabel } from '@/lib/documents';
import { formatDate } from '@/lib/format';
import { documentRequestStatusLabel, processStatusLabel } from '@/lib/glossary';
import { useClientId, useClientProcesses, useDocumentRequests, usePortalProcessTimeline } from '../api/queries';
import { DocumentProgress } from '../components/document-progress';
import { UploadDocumentDialog, type UploadRequest } from '../components/upload-document-dialog';
import { portalStrings as t } from '../strings';

/** `standing`: where the case stands in the queue (Fila), given by the route that composes the two features. */
export default function PortalProcessoPage({ standing }: { standing?: (processId: number) => ReactNode }) {
  const id = Number.parseInt(useParams<{ processId: string }>().processId ?? '', 10);
  const clientId = useClientId();
  const { data: processes = [], isLoading } = useClientProcesses(clientId);
  const { data: requests = [] } = useDocumentRequests(clientId);
  const timeline = usePortalProcessTimeline(id, Number.isInteger(id) && Boolean(clientId));
  const [answering, setAnswering] = useState<UploadRequest | null>(null);
  const process = processes.find((p) => p.id === id);
  const own = requests
    .filter((r) => r.process_id === id)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.requested_at.localeCompare(b.requested_at));

  const back = (
    <Button variant="outline" size="sm" asChild>
      <Link to={paths.portal.processos}>
        <ArrowLeft aria-hidden="true" />
        {t.processesTitle}
      </Link>
    </Button>
  );

  if (isLoading || !clientId) return <Skeleton className="h-48" />;
  if (!process) {
    return (
      <>
        <PageHeader title="Processo não encontrado" actions={back} />
        <Card>
          <CardContent>O processo não existe ou não é seu.</CardContent>
        </Card>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={process.type}
        description={`${t.processNumber(process.id)} · ${processStatusLabel(process.status)}`}
        actions={back}
      />
      {standing && <div className="mb-4">{standing(process.id)}</div>}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Resumo</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            <p>{process.description?.trim() || t.noDescription}</p>
            <p>Estágio: {process.stage ?? '-'}</p>
            <p>Próxima data: {formatDate(process.next_date)}</p>
            <p>
              {t.updatedAt}: {formatDate(process.updated_at ?? process.created_at)}
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Documentos solicitados</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <DocumentProgress processId={process.id} requests={own} />
            {own.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nenhum documento solicitado.</p>
            ) : (
              <ul className="grid gap-2">
                {own.map((r) => (
                  <li
                    key={r.id}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
                    data-testid="document-request"
                  >
                    <div className="min-w-0">
                      <p className="font-medium break-words">{r.document_name}</p>
                      {r.document_description && (
                        <p className="text-xs text-muted-foreground">{r.document_description}</p>
                      )}
                      <p className="text-xs text-muted-foreground">
                        Solicitado em {formatDate(r.requested_at)}
                        {(r.needs_apostille || r.needs_translation) && ` · Etapa: ${documentStageLabel(r.stage)}`}
                      </p>
                      {r.review_status === 'rejected' && r.rejection_reason && (
                        <p className="text-sm text-destructive" role="note">
                          Documento recusado pelo escritório: {r.rejection_reason}
                        </p>
                      )}
                    </div>
                    <div className="flex items-center gap-2">
                      {r.review_status === 'rejected' ? (
                        <Badge variant="destructive">Recusado</Badge>
                      ) : r.review_status === 'accepted' ? (
                        <Badge variant="success">Aceito</Badge>
                      ) : (
                        <Badge variant={r.status === 'fulfilled' ? 'success' : 'outline'}>
                          {documentRequestStatusLabel(r.status)}
                        </Badge>
                      )}
                      {r.status === 'pending' && (
                        <Button
                          size="sm"
                          onClick={() =>
                            setAnswering({ id: r.id, processId: r.process_id, documentName: r.document_name })
                          }
                          aria-label={`Enviar ${r.document_name}`}
                        >
                          <FileUp aria-hidden="true" />
                          {r.review_status === 'rejected' ? 'Enviar de novo' : 'Enviar'}
                        </Button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
      <Card className="mt-4">
        <CardHeader>
          <CardTitle as="h2">Linha do tempo</CardTitle>
        </CardHeader>
        <CardContent>
          <Timeline entries={timeline.data ?? []} isLoading={timeline.isLoading} />
        </CardContent>
      </Card>
      <UploadDocumentDialog
        clientId={clientId}
        open={answering !== null}
        request={answering}
        onOpenChange={(open) => {
          if (!open) {
            setAnswering(null);
            void timeline.refetch();
          }
        }}
      />
    </>
  );
}
