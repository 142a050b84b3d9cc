/** Staff view of a client's (or a process's) documents: who sent each, download, upload by the office. */
import { Download, Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { openDocument, useDocuments, useUploadOfficeDocument } from '../api/documents';

export function DocumentsPanel({ clientId, processId = null }: { clientId: string; processId?: number | null }) {
  const { data: documents = [], isLoading } = useDocuments(clientId, processId);
  const upload = useUploadOfficeDocument();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const nameId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || !name.trim()) return;
    upload.mutate(
      { clientId, processId, file, name },
      {
        onSuccess: () => {
          toast.success('Documento enviado com sucesso');
          setFile(null);
          setName('');
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

  return (
    <div className="grid gap-4">
      <form onSubmit={submit} className="grid gap-3 rounded-md border p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
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
      </form>
      {isLoading ? (
        <Skeleton className="h-16" />
      ) : documents.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum documento ainda.</p>
      ) : (
        <ul className="grid gap-2">
          {documents.map((doc) => (
            <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
              <div className="min-w-0">
                <p className="truncate font-medium">{doc.name}</p>
                <p className="text-xs text-muted-foreground">
                  {formatDate(doc.created_at)} · {doc.uploaded_by === 'client' ? 'Enviado pelo cliente' : 'Escritório'}
                  {doc.process_id !== null && ` · Processo nº ${doc.process_id}`}
                </p>
              </div>
              <div className="flex items-center gap-2">
                {doc.document_request_id && <Badge variant="secondary">Resposta a solicitação</Badge>}
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void download(doc.file_path)}
                  aria-label={`Baixar ${doc.name}`}
                >
                  <Download aria-hidden="true" />
                  Baixar
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
