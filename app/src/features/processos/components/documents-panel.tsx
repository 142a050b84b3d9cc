/**
 * Staff view of a client's (or a process's) documents: who sent each, whether the client sees it, download,
 * upload by the office (internal unless "Compartilhar com o cliente"), sharing and deletion.
 */
import { Download, Eye, EyeOff, IdCard, ScanText, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import {
  openDocument,
  readUscisNotice,
  useDeleteDocument,
  useTrackReceipt,
  useDocuments,
  useSetDocumentShared,
  useUploadOfficeDocument,
  type NoticeProposal,
  type StaffDocument,
} from '../api/documents';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { readPassport, useApplyPassport, useClientPassportFields, type PassportProposal } from '../api/passport';
import { PassportProposalDialog } from './passport-proposal-dialog';

const IMAGE_FILE = /\.(jpe?g|png|webp)$/i;

type Pending = { kind: 'share' | 'delete'; doc: StaffDocument };

export function DocumentsPanel({ clientId, processId = null }: { clientId: string; processId?: number | null }) {
  const { data: documents = [], isLoading } = useDocuments(clientId, processId);
  const upload = useUploadOfficeDocument();
  const setShared = useSetDocumentShared();
  const remove = useDeleteDocument();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [shared, setSharedOnUpload] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [reading, setReading] = useState<string | null>(null);
  const [proposal, setProposal] = useState<{ processId: number; notice: NoticeProposal } | null>(null);
  const track = useTrackReceipt();
  const [passport, setPassport] = useState<{ clientId: string; proposal: PassportProposal } | null>(null);
  const passportFields = useClientPassportFields(passport?.clientId ?? null);
  const applyPassport = useApplyPassport();
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const nameId = useId();
  const shareId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || !name.trim()) return;
    upload.mutate(
      { clientId, processId, file, name, shared },
      {
        onSuccess: () => {
          toast.success(shared ? 'Documento enviado e compartilhado com o cliente' : 'Documento enviado (interno)');
          setFile(null);
          setName('');
          setSharedOnUpload(false);
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (error) => toast.error(`Erro ao enviar documento: ${errorMessage(error)}`),
      },
    );
  };

  const download = async (path: string) => {
    try {
      await openDocument(path);
    } catch {
      toast.error('Erro ao baixar documento');
    }
  };

  const readNotice = async (doc: StaffDocument) => {
    const target = doc.process_id ?? processId;
    if (target === null) return;
    setReading(doc.id);
    try {
      const notice = await readUscisNotice(doc.id);
      if (notice) setProposal({ processId: target, notice });
      else toast.info('O documento não parece um aviso do USCIS (I-797)');
    } catch (error) {
      toast.error(`Erro ao ler o documento: ${errorMessage(error)}`);
    } finally {
      setReading(null);
    }
  };

  const readPassportOf = async (doc: StaffDocument) => {
    setReading(doc.id);
    try {
      const proposal = await readPassport(doc.id);
      if (proposal) setPassport({ clientId: doc.client_id, proposal });
      else toast.info('Não foi encontrada a zona de leitura do passaporte (as duas linhas com <<< no pé da página)');
    } catch (error) {
      toast.error(`Erro ao ler o passaporte: ${errorMessage(error)}`);
    } finally {
      setReading(null);
    }
  };

  const applyPassportFields = async (fields: Parameters<typeof applyPassport.mutateAsync>[0]['fields']) => {
    if (!passport) return;
    try {
      await applyPassport.mutateAsync({ clientId: passport.clientId, fields });
      toast.success('Cadastro do cliente atualizado com os dados do passaporte');
      setPassport(null);
    } catch (error) {
      toast.error(`Erro ao atualizar o cadastro: ${errorMessage(error)}`);
    }
  };

  const confirmReceipt = () => {
    if (!proposal) return;
    track.mutate(
      { processId: proposal.processId, receiptNumber: proposal.notice.receiptNumber },
      {
        onSuccess: () => {
          toast.success(`Recibo ${proposal.notice.receiptNumber} acompanhado no processo nº ${proposal.processId}`);
          setProposal(null);
        },
        onError: (error) => toast.error(`Erro ao acompanhar o recibo: ${errorMessage(error)}`),
      },
    );
  };

  const unshare = (doc: StaffDocument) =>
    setShared.mutate(
      { id: doc.id, shared: false },
      {
        onSuccess: () => toast.success('O documento não aparece mais para o cliente'),
        onError: (error) => toast.error(`Erro ao alterar o documento: ${errorMessage(error)}`),
      },
    );

  const confirm = () => {
    if (!pending) return;
    const { kind, doc } = pending;
    const done = { onSettled: () => setPending(null) };
    if (kind === 'share') {
      setShared.mutate(
        { id: doc.id, shared: true },
        {
          ...done,
          onSuccess: () => toast.success('Documento compartilhado com o cliente'),
          onError: (error) => toast.error(`Erro ao compartilhar o documento: ${errorMessage(error)}`),
        },
      );
    } else {
      remove.mutate(doc, {
        ...done,
        onSuccess: () => toast.success('Documento excluído'),
        onError: (error) => toast.error(`Erro ao excluir o documento: ${errorMessage(error)}`),
      });
    }
  };

  return (
    <div className="grid gap-4">
      <form
        onSubmit={submit}
        className="grid gap-3 rounded-md border p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        aria-label="Enviar documento do escritório"
      >
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={fileId}>Arquivo</Label>
          <Input
            ref={fileInput}
            id={fileId}
            type="file"
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              setFile(chosen);
              if (chosen && !name) setName(chosen.name);
            }}
          />
        </div>
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={nameId}>Nome do documento</Label>
          <Input id={nameId} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
        </div>
        <Button type="submit" disabled={!file || !name.trim() || upload.isPending}>
          <Upload aria-hidden="true" />
          Enviar documento
        </Button>
        <div className="flex items-center gap-2 sm:col-span-3">
          <Checkbox id={shareId} checked={shared} onCheckedChange={(value) => setSharedOnUpload(value === true)} />
          <Label htmlFor={shareId} className="font-normal">
            Compartilhar com o cliente
          </Label>
          <span className="text-xs text-muted-foreground">
            {shared ? 'O cliente verá o documento no portal.' : 'Fica interno ao escritório até ser compartilhado.'}
          </span>
        </div>
      </form>
      {isLoading ? (
        <Skeleton className="h-16" />
      ) : documents.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum documento ainda.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Documentos">
          {documents.map((doc) => (
            <li
              key={doc.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
              aria-label={doc.name}
            >
              <div className="min-w-0">
                <p className="truncate font-medium">{doc.name}</p>
                <p className="text-xs text-muted-foreground">
                  {formatDate(doc.created_at)} · {doc.uploaded_by === 'client' ? 'Enviado pelo cliente' : 'Escritório'}
                  {doc.process_id !== null && ` · Processo nº ${doc.process_id}`}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {doc.document_request_id && <Badge variant="secondary">Resposta a solicitação</Badge>}
                {doc.shared_with_client ? (
                  <Badge variant="outline">Visível ao cliente</Badge>
                ) : (
                  <Badge variant="secondary">Interno</Badge>
                )}
                {/\.pdf$/i.test(doc.file_path) && (doc.process_id ?? processId) !== null && (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={reading === doc.id}
                    onClick={() => void readNotice(doc)}
                    aria-label={`Ler aviso do USCIS: ${doc.name}`}
                  >
                    <ScanText aria-hidden="true" />
                    Ler aviso do USCIS
                  </Button>
                )}
                {IMAGE_FILE.test(doc.file_path) && (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={reading === doc.id}
                    onClick={() => void readPassportOf(doc)}
                    aria-label={`Ler passaporte: ${doc.name}`}
                  >
                    <IdCard aria-hidden="true" />
                    {reading === doc.id ? 'Lendo…' : 'Ler passaporte'}
                  </Button>
                )}
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void download(doc.file_path)}
                  aria-label={`Baixar ${doc.name}`}
                >
                  <Download aria-hidden="true" />
                  Baixar
                </Button>
                {doc.uploaded_by === 'office' &&
                  (doc.shared_with_client ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={setShared.isPending}
                      onClick={() => unshare(doc)}
                      aria-label={`Deixar de compartilhar ${doc.name}`}
                    >
                      <EyeOff aria-hidden="true" />
                      Deixar de compartilhar
                    </Button>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setPending({ kind: 'share', doc })}
                      aria-label={`Compartilhar com o cliente: ${doc.name}`}
                    >
                      <Eye aria-hidden="true" />
                      Compartilhar com o cliente
                    </Button>
                  ))}
                <Button
                  variant="outline"
                  size="sm"
                  className="text-destructive"
                  onClick={() => setPending({ kind: 'delete', doc })}
                  aria-label={`Excluir ${doc.name}`}
                >
                  <Trash2 aria-hidden="true" />
                  Excluir
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={proposal !== null}
        onOpenChange={(open) => !open && setProposal(null)}
        title="Acompanhar este recibo?"
        description="Confira o que foi lido do aviso antes de confirmar. Nada é gravado sem a sua confirmação."
        confirmLabel="Acompanhar recibo"
        destructive={false}
        pending={track.isPending}
        onConfirm={confirmReceipt}
      >
        {proposal && (
          <dl className="grid grid-cols-2 gap-2 text-sm" aria-label="Dados lidos do aviso">
            <dt className="text-muted-foreground">Número do recibo</dt>
            <dd className="font-mono">{proposal.notice.receiptNumber}</dd>
            <dt className="text-muted-foreground">Formulário</dt>
            <dd>{proposal.notice.form ?? 'Não identificado'}</dd>
            <dt className="text-muted-foreground">Data do aviso</dt>
            <dd>{proposal.notice.noticeDate ? formatDate(proposal.notice.noticeDate) : 'Não identificada'}</dd>
            <dt className="text-muted-foreground">Processo</dt>
            <dd>nº {proposal.processId}</dd>
          </dl>
        )}
      </ConfirmDialog>
      <PassportProposalDialog
        proposal={passport?.proposal ?? null}
        current={passportFields.data}
        pending={applyPassport.isPending}
        onCancel={() => setPassport(null)}
        onApply={applyPassportFields}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.kind === 'share' ? 'Compartilhar com o cliente?' : 'Excluir documento?'}
        description={
          pending?.kind === 'share'
            ? `O cliente verá "${pending.doc.name}" no portal e poderá baixá-lo.`
            : `Tem certeza que deseja excluir "${pending?.doc.name ?? ''}"? O arquivo também será apagado. Esta ação não pode ser desfeita.`
        }
        confirmLabel={pending?.kind === 'share' ? 'Compartilhar' : 'Excluir'}
        destructive={pending?.kind === 'delete'}
        pending={setShared.isPending || remove.isPending}
        onConfirm={confirm}
      />
    </div>
  );
}
