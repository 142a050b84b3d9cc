import { zodResolver } from '@hookform/resolvers/zod';
import { Check, ChevronRight, FileSignature, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Separator } from '@/components/ui/separator';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { documentStageLabel, neighbourStages } from '@/lib/documents';
import { formatDate } from '@/lib/format';
import {
  DocumentNotFoundError,
  downloadTranslationCertificate,
  NotificationError,
  useRequestDocument,
  useReviewDocument,
  useSetDocumentStage,
  useSetDocumentStatus,
} from '../api/mutations';
import { useDocumentRequests } from '../api/queries';
import type { DocumentRequest, ProcessRow } from '../api/types';
import { documentRequestSchema, type DocumentRequestInput } from '../schemas';
import { fill, processStrings as t } from '../strings';

const DEFAULTS: DocumentRequestInput = { documentName: '', documentDescription: '', isRequired: true };

function RequestItem({ request }: { request: DocumentRequest }) {
  const setStatus = useSetDocumentStatus();
  const setStage = useSetDocumentStage();
  const review = useReviewDocument();
  const [rejecting, setRejecting] = useState(false);
  const [certifying, setCertifying] = useState(false);
  const [translator, setTranslator] = useState('');
  const [generating, setGenerating] = useState(false);
  const translatorId = useId();
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const fulfilled = request.status === 'fulfilled';
  const { next } = neighbourStages(request);
  const brazilian = request.needs_apostille === true || request.needs_translation === true;
  const failed = (error: Error) =>
    toast.error(
      error instanceof DocumentNotFoundError
        ? t.documentNotFound
        : fill(t.documentStatusError, { message: errorMessage(error) }),
    );

  const advance = () => {
    if (!next) return;
    setStage.mutate(
      { request, stage: next },
      { onSuccess: () => toast.success(`${request.document_name}: ${documentStageLabel(next)}`), onError: failed },
    );
  };

  const accept = () =>
    review.mutate(
      { request, accepted: true },
      { onSuccess: () => toast.success(`Documento aceito: ${request.document_name}`), onError: failed },
    );

  const certify = async () => {
    if (translator.trim().length < 3) return;
    setGenerating(true);
    try {
      await downloadTranslationCertificate(request, translator);
      toast.success('Certificação de tradução gerada');
      setCertifying(false);
    } catch (error) {
      toast.error(`Erro ao gerar a certificação: ${errorMessage(error)}`);
    } finally {
      setGenerating(false);
    }
  };

  const reject = () => {
    if (reason.trim().length < 3) return;
    review.mutate(
      { request, accepted: false, reason },
      {
        onSuccess: () => {
          toast.success('Documento recusado: o cliente foi avisado do motivo');
          setRejecting(false);
          setReason('');
        },
        onError: failed,
      },
    );
  };

  const toggle = (nextFulfilled: boolean) => {
    if (nextFulfilled === fulfilled) return;
    setStatus.mutate(
      { request, fulfilled: nextFulfilled },
      {
        onSuccess: () => toast.success(t.documentStatusUpdated),
        onError: (error) =>
          toast.error(
            error instanceof DocumentNotFoundError
              ? t.documentNotFound
              : fill(t.documentStatusError, { message: errorMessage(error) }),
          ),
      },
    );
  };

  return (
    <li className="rounded-md border p-3" data-testid="document-request">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium">{request.document_name}</p>
          {request.document_description && (
            <p className="text-sm text-muted-foreground">{request.document_description}</p>
          )}
          <p className="mt-1 text-xs text-muted-foreground">
            Solicitado em {formatDate(request.requested_at ?? request.created_at)}
            {fulfilled && request.fulfilled_at ? ` · Recebido em ${formatDate(request.fulfilled_at)}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          {request.is_required && <Badge variant="outline">Obrigatório</Badge>}
          <Badge variant={fulfilled ? 'success' : 'secondary'}>{fulfilled ? 'Recebido' : 'Pendente'}</Badge>
          {request.review_status === 'accepted' && <Badge variant="success">Aceito</Badge>}
          {request.review_status === 'rejected' && <Badge variant="destructive">Recusado</Badge>}
        </div>
      </div>
      {brazilian && (
        <p className="mt-1 text-xs">
          Etapa: <span className="font-medium">{documentStageLabel(request.stage)}</span>
          {request.needs_apostille && ' · exige apostila de Haia'}
          {request.needs_translation && ' · exige tradução certificada'}
          {request.stage_changed_at && ` · desde ${formatDate(request.stage_changed_at)}`}
        </p>
      )}
      {request.review_status === 'rejected' && request.rejection_reason && (
        <p className="mt-1 text-xs text-destructive">Motivo da recusa: {request.rejection_reason}</p>
      )}
      <div className="mt-2 flex gap-2" role="group" aria-label={`Status de ${request.document_name}`}>
        <Button
          size="sm"
          variant={fulfilled ? 'default' : 'outline'}
          aria-pressed={fulfilled}
          disabled={setStatus.isPending}
          onClick={() => toggle(true)}
        >
          Recebido
        </Button>
        <Button
          size="sm"
          variant={!fulfilled ? 'default' : 'outline'}
          aria-pressed={!fulfilled}
          disabled={setStatus.isPending}
          onClick={() => toggle(false)}
        >
          Pendente
        </Button>
      </div>
      {fulfilled && (
        <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label={`Revisão de ${request.document_name}`}>
          {next && (
            <Button size="sm" variant="outline" disabled={setStage.isPending} onClick={advance}>
              <ChevronRight aria-hidden="true" />
              {`Marcar como ${documentStageLabel(next).toLowerCase()}`}
            </Button>
          )}
          {request.review_status !== 'accepted' && (
            <Button size="sm" variant="outline" disabled={review.isPending} onClick={accept}>
              <Check aria-hidden="true" />
              Aceitar
            </Button>
          )}
          {request.needs_translation && (
            <Button size="sm" variant="outline" onClick={() => setCertifying(true)}>
              <FileSignature aria-hidden="true" />
              Certificação de tradução
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            className="text-destructive"
            disabled={review.isPending}
            onClick={() => setRejecting(true)}
          >
            <X aria-hidden="true" />
            Recusar
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={certifying}
        onOpenChange={setCertifying}
        title="Certificação de tradução"
        description={`O PDF da certificação de "${request.document_name}" sai do modelo do escritório, com o nome do tradutor.`}
        destructive={false}
        confirmLabel="Gerar PDF"
        confirmDisabled={translator.trim().length < 3}
        closeOnConfirm={false}
        pending={generating}
        onConfirm={certify}
      >
        <div className="grid gap-2">
          <Label htmlFor={translatorId}>Nome do tradutor</Label>
          <Input
            id={translatorId}
            value={translator}
            onChange={(e) => setTranslator(e.target.value)}
            autoComplete="off"
          />
        </div>
      </ConfirmDialog>
      <ConfirmDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title="Recusar documento?"
        description={`"${request.document_name}" volta a ficar pendente e o cliente recebe o motivo para enviar de novo.`}
        confirmLabel="Recusar documento"
        confirmDisabled={reason.trim().length < 3}
        closeOnConfirm={false}
        pending={review.isPending}
        onConfirm={reject}
      >
        <div className="grid gap-2">
          <Label htmlFor={reasonId}>Motivo (o cliente verá)</Label>
          <Textarea id={reasonId} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
      </ConfirmDialog>
    </li>
  );
}

export function DocumentsSheet({
  process,
  onOpenChange,
}: {
  process: ProcessRow | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { data: requests = [], isLoading } = useDocumentRequests(process?.id ?? null);
  const requestDocument = useRequestDocument();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<DocumentRequestInput>({ resolver: zodResolver(documentRequestSchema), defaultValues: DEFAULTS });

  useEffect(() => {
    reset(DEFAULTS);
  }, [process, reset]);

  const onSubmit = async (values: DocumentRequestInput) => {
    if (!process) {
      toast.error(t.noProcessSelected);
      return;
    }
    try {
      await requestDocument.mutateAsync({ process, ...values });
      toast.success(t.documentRequested, { description: values.documentName.trim() });
      reset(DEFAULTS);
    } catch (error) {
      if (error instanceof NotificationError) {
        toast.success(t.documentRequested);
        toast.error(fill(t.notificationError, { message: error.message }));
        reset(DEFAULTS);
      } else {
        toast.error(fill(t.documentRequestError, { message: errorMessage(error) }));
      }
    }
  };

  return (
    <Sheet open={process !== null} onOpenChange={onOpenChange}>
      <SheetContent className="overflow-y-auto sm:max-w-lg">
        <SheetHeader>
          <SheetTitle>Documentos Solicitados</SheetTitle>
          <SheetDescription>
            {process ? `${process.type} — ${process.client?.full_name ?? process.client_name ?? ''}` : ''}
          </SheetDescription>
        </SheetHeader>
        <div className="grid gap-4 px-4 pb-4">
          {isLoading ? (
            <div className="grid gap-2">
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
          ) : requests.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nenhum documento solicitado.</p>
          ) : (
            <ul className="grid gap-2" aria-label="Documentos solicitados">
              {requests.map((request) => (
                <RequestItem key={request.id} request={request} />
              ))}
            </ul>
          )}
          <Separator />
          <form className="grid gap-3" onSubmit={handleSubmit(onSubmit)} noValidate>
            <h3 className="font-semibold">Solicitar Documento</h3>
            <FormField label="Nome do documento" error={errors.documentName}>
              <Input placeholder="Ex.: Passaporte" {...register('documentName')} />
            </FormField>
            <FormField label="Descrição (opcional)" error={errors.documentDescription}>
              <Textarea rows={2} {...register('documentDescription')} />
            </FormField>
            <Controller
              control={control}
              name="isRequired"
              render={({ field }) => (
                <div className="flex items-center gap-2">
                  <Checkbox
                    id="doc-is-required"
                    checked={field.value}
                    onCheckedChange={(v) => field.onChange(v === true)}
                  />
                  <Label htmlFor="doc-is-required">Documento obrigatório</Label>
                </div>
              )}
            />
            <Button type="submit" disabled={requestDocument.isPending}>
              {requestDocument.isPending && <Spinner className="size-4 text-current" />}
              Solicitar Documento
            </Button>
          </form>
        </div>
      </SheetContent>
    </Sheet>
  );
}
