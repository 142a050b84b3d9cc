/** /processos/:id: one process — summary, timeline, documents, document requests, stage, edit, close/reopen. */
import { ArrowLeft, FileStack, ListChecks, Lock, LockOpen, Pencil, RefreshCw } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { categoryLabel } from '@/lib/glossary';
import { isClosedProcessStatus } from '@/lib/status';
import { useSetProcessStatus } from '../api/mutations';
import { useTimeline } from '@/lib/timeline';
import { useProcess, useStaffDirectory } from '../api/queries';
import { DocumentsPanel } from '../components/documents-panel';
import { DocumentsSheet } from '../components/documents-sheet';
import { ProcessStatusBadge, StageBadge } from '../components/process-badges';
import { PacketDialog } from '../components/packet-dialog';
import type { AskableGaps } from '../components/packet-report';
import { ProcessFormDialog } from '../components/process-form-dialog';
import { StageDialog } from '../components/stage-dialog';
import { Timeline } from '@/components/timeline';
import { fill, processStrings as t } from '../strings';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

/** `standing`: where the case stands (its queue panel), given by the route that composes the two features;
 * `packetAskable`: the questionnaire answers a filled packet lacked ("Pedir ao cliente"), from Formulários. */
export default function ProcessoPage({
  standing,
  packetAskable,
}: {
  standing?: (process: { id: number; client_id: string | null }) => ReactNode;
  packetAskable?: AskableGaps;
}) {
  const id = Number.parseInt(useParams<{ processId: string }>().processId ?? '', 10);
  const { data: process, isPending } = useProcess(id);
  const { data: staff = [] } = useStaffDirectory();
  const timeline = useTimeline({ processId: id }, Number.isInteger(id));
  const setStatus = useSetProcessStatus();
  const [editing, setEditing] = useState(false);
  const [stageOpen, setStageOpen] = useState(false);
  const [requestsOpen, setRequestsOpen] = useState(false);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const [packetOpen, setPacketOpen] = useState(false);
  const names = useMemo(() => Object.fromEntries(staff.map((s) => [s.id, s.full_name])), [staff]);

  const back = (
    <Button variant="outline" size="sm" asChild>
      <Link to={paths.processos}>
        <ArrowLeft aria-hidden="true" />
        Processos
      </Link>
    </Button>
  );

  if (isPending && Number.isInteger(id)) return <Skeleton className="h-64" />;
  if (!process) {
    return (
      <>
        <PageHeader title="Processo não encontrado" actions={back} />
        <Card>
          <CardContent>O processo não existe ou você não tem acesso a ele.</CardContent>
        </Card>
      </>
    );
  }

  const closed = isClosedProcessStatus(process.status);
  const clientName = process.client?.full_name ?? process.client_name;
  const toggle = () =>
    setStatus.mutate(
      { id: process.id, status: closed ? 'em andamento' : 'concluído' },
      {
        onSuccess: () => toast.success(closed ? t.processReopened : t.processClosed),
        onError: (error) => toast.error(fill(t.processStatusError, { message: errorMessage(error) })),
      },
    );

  return (
    <>
      <PageHeader
        title={`${process.type} · nº ${process.id}`}
        description={clientName ?? undefined}
        actions={
          <div className="flex flex-wrap gap-2">
            {back}
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              Editar
            </Button>
            <Button variant="outline" size="sm" onClick={() => setStageOpen(true)}>
              <RefreshCw aria-hidden="true" />
              {t.updateStage}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setRequestsOpen(true)}>
              <ListChecks aria-hidden="true" />
              Solicitar documentos
            </Button>
            {process.client_id && (
              <Button
                variant="outline"
                size="sm"
                onClick={() => (process.case_type_id ? setPacketOpen(true) : toast.info(t.packetNoType))}
              >
                <FileStack aria-hidden="true" />
                {t.fillPacket}
              </Button>
            )}
            <Button
              variant={closed ? 'default' : 'outline'}
              size="sm"
              onClick={closed ? toggle : () => setConfirmingClose(true)}
              disabled={setStatus.isPending}
            >
              {closed ? <LockOpen aria-hidden="true" /> : <Lock aria-hidden="true" />}
              {closed ? t.reopenProcess : t.closeProcess}
            </Button>
          </div>
        }
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,22rem)_1fr]">
        <Card>
          <CardHeader>
            <CardTitle>Resumo</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-4">
              <Detail label="Cliente">
                {process.client_id ? (
                  <Link to={paths.cliente(process.client_id)} className="text-primary hover:underline">
                    {clientName}
                  </Link>
                ) : (
                  (clientName ?? '-')
                )}
              </Detail>
              <Detail label="Status">
                <ProcessStatusBadge status={process.status} />
              </Detail>
              <Detail label="Categoria">{categoryLabel(process.category)}</Detail>
              <Detail label="Estágio">
                <StageBadge stage={process.stage} />
              </Detail>
              <Detail label="Número de Recibo">
                <span className="font-mono text-xs">{process.receipt_number ?? '-'}</span>
              </Detail>
              <Detail label="Responsável">{(process.responsible_id && names[process.responsible_id]) || '-'}</Detail>
              <Detail label="Abertura">{formatDate(process.opened_at)}</Detail>
              <Detail label="Protocolo">{formatDate(process.filed_at)}</Detail>
              <Detail label="Próxima Data">{formatDate(process.next_date)}</Detail>
              <Detail label="Encerramento">{formatDate(process.closed_at)}</Detail>
            </dl>
            {process.description && <p className="mt-4 text-sm text-muted-foreground">{process.description}</p>}
          </CardContent>
        </Card>
        <Tabs defaultValue="timeline" className="min-w-0">
          <TabsList>
            <TabsTrigger value="timeline">Linha do tempo</TabsTrigger>
            <TabsTrigger value="documents">Documentos</TabsTrigger>
          </TabsList>
          <TabsContent value="timeline">
            <Card>
              <CardContent>
                <Timeline entries={timeline.data ?? []} isLoading={timeline.isLoading} names={names} />
              </CardContent>
            </Card>
          </TabsContent>
          <TabsContent value="documents">
            <Card>
              <CardContent>
                {process.client_id ? (
                  <DocumentsPanel clientId={process.client_id} processId={process.id} />
                ) : (
                  <p className="text-sm text-muted-foreground">Processo sem cliente vinculado.</p>
                )}
              </CardContent>
            </Card>
          </TabsContent>
        </Tabs>
      </div>
      {standing && <div className="mt-4">{standing(process)}</div>}
      <ProcessFormDialog open={editing} onOpenChange={setEditing} process={process} />
      <StageDialog process={stageOpen ? process : null} onOpenChange={(open) => !open && setStageOpen(false)} />
      <DocumentsSheet
        process={requestsOpen ? process : null}
        onOpenChange={(open) => !open && setRequestsOpen(false)}
      />
      <PacketDialog process={process} askable={packetAskable} open={packetOpen} onOpenChange={setPacketOpen} />
      <ConfirmDialog
        open={confirmingClose}
        onOpenChange={setConfirmingClose}
        title={fill(t.closeConfirmTitle, { id: process.id })}
        description={fill(t.closeConfirmDescription, {
          type: process.type,
          client: clientName ?? t.closeConfirmNoClient,
        })}
        pending={setStatus.isPending}
        onConfirm={toggle}
      />
    </>
  );
}
