import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useUploadDocument } from '../api/mutations';
import { useProcessOptions } from '../api/queries';
import { canUploadDocument, DOCUMENT_TYPES } from '../rules/documents';
import { portalStrings as t } from '../strings';

const NO_PROCESS = 'none';

/** What the upload answers: a document request of one process (the process is then fixed). */
export interface UploadRequest {
  id: string;
  processId: number;
  documentName: string;
}

/** Upload dialog: file, document name (pre-filled with the file name), type and optional process. */
export function UploadDocumentDialog({
  clientId,
  open,
  onOpenChange,
  request = null,
}: {
  clientId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  request?: UploadRequest | null;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [documentType, setDocumentType] = useState('');
  const [processId, setProcessId] = useState(NO_PROCESS);
  const typeId = useId();
  const processFieldId = useId();
  const { data: processes = [] } = useProcessOptions(clientId, open);
  const upload = useUploadDocument(clientId);

  const reset = () => {
    setFile(null);
    setName('');
    setDocumentType('');
    setProcessId(NO_PROCESS);
  };

  const close = (next: boolean) => {
    if (upload.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || !canUploadDocument(file, name) || upload.isPending) return;
    upload.mutate(
      {
        file,
        name,
        documentType: documentType || null,
        processId: request ? request.processId : processId === NO_PROCESS ? null : Number(processId),
        requestId: request?.id ?? null,
      },
      {
        onSuccess: () => {
          reset();
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      {/* min-w-0 all the way down: a long process label is truncated instead of pushing Enviar off screen. */}
      <DialogContent className="max-w-lg min-w-0 [&>*]:min-w-0">
        <DialogHeader>
          <DialogTitle>{t.uploadTitle}</DialogTitle>
          <DialogDescription>
            {request ? `Documento solicitado: ${request.documentName}` : t.uploadDescription}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid min-w-0 gap-4 [&>*]:min-w-0">
          <FormField label={t.fileLabel}>
            <Input
              type="file"
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                if (chosen) setName(request ? request.documentName : chosen.name);
              }}
            />
          </FormField>
          <FormField label={t.nameLabel}>
            <Input value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
          </FormField>
          <FormField label={t.typeLabel} id={typeId}>
            <Select value={documentType} onValueChange={setDocumentType}>
              <SelectTrigger id={typeId} className="w-full">
                <SelectValue placeholder={t.typePlaceholder} />
              </SelectTrigger>
              <SelectContent>
                {DOCUMENT_TYPES.map((type) => (
                  <SelectItem key={type.value} value={type.value}>
                    {type.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
          {!request && (
            <FormField label={t.processLabel} id={processFieldId}>
              <Select value={processId} onValueChange={setProcessId}>
                <SelectTrigger id={processFieldId} className="w-full min-w-0 [&>span]:min-w-0 [&>span]:truncate">
                  <SelectValue placeholder={t.processPlaceholder} />
                </SelectTrigger>
                <SelectContent className="max-w-[calc(100vw-2rem)]">
                  <SelectItem value={NO_PROCESS}>{t.noProcess}</SelectItem>
                  {processes.map((p) => (
                    <SelectItem key={p.id} value={String(p.id)} className="whitespace-normal">
                      {t.processNumber(p.id)} — {p.type}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          )}
          <DialogFooter className="flex-wrap">
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={upload.isPending}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={!canUploadDocument(file, name) || upload.isPending}>
              {upload.isPending ? t.sending : t.send}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
