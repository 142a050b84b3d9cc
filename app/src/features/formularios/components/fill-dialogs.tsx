/** Testar preenchimento (sample data, shown not stored), Preencher (a process: stored in its documents) and Ver. */
import { ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@/lib/toast';
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
import { errorMessage } from '@/lib/errors';
import { pdfObjectUrl } from '@/lib/functions';
import { formatDate } from '@/lib/format';
import { fillForm } from '../api/mutations';
import { FORMS_BUCKET, signedPdfUrl, useFillableProcesses, useQuestionnaire } from '../api/queries';
import type { FillResult, FormEdition, UscisForm } from '../api/types';
import { formsStrings as t, questionnaireStrings } from '../strings';
import { fill } from '@/lib/strings';
import { FillReport, PdfFrame } from './fill-report';
import { FormPicker } from './form-picker';
import { FormPagesPreview } from './page-preview';
import { NativeSelect } from './native-select';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A blob: URL that is revoked when it changes or the dialog goes away. */
function useObjectUrl(base64: string | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!base64) return undefined;
    const next = pdfObjectUrl(base64);
    // The URL is an outside resource: made and released by this effect, so Strict Mode's remount makes a
    // fresh one instead of keeping one its cleanup has already revoked (a useMemo'd URL would break there).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [base64]);
  return base64 ? url : null;
}

export function SampleFillDialog({
  open,
  onOpenChange,
  forms,
  editions,
}: DialogProps & { forms: UscisForm[]; editions: Map<number, FormEdition> }) {
  const [formId, setFormId] = useState<number | null>(null);
  const [result, setResult] = useState<FillResult | null>(null);
  const [busy, setBusy] = useState(false);
  const url = useObjectUrl(result?.pdfBase64);

  const run = async () => {
    if (formId === null) return;
    setBusy(true);
    try {
      setResult(await fillForm({ formId, sample: true }));
    } catch (error) {
      setResult(null);
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{t.testTitle}</DialogTitle>
          <DialogDescription>{t.testDescription}</DialogDescription>
        </DialogHeader>
        <FormPicker
          forms={forms}
          editions={editions}
          value={formId}
          onChange={(id) => {
            setFormId(id);
            setResult(null);
          }}
        />
        <div>
          <Button type="button" onClick={() => void run()} disabled={formId === null || busy}>
            {busy ? t.filling : t.testButton}
          </Button>
        </div>
        {result && <FillReport result={result} />}
        {url && <PdfFrame src={url} title={t.pdfFrame} />}
      </DialogContent>
    </Dialog>
  );
}

function QuestionnaireHint({ clientId }: { clientId: string }) {
  const { data: questionnaire, isLoading } = useQuestionnaire(clientId);
  if (isLoading) return null;
  return (
    <p className="text-sm">
      {questionnaire
        ? fill(t.questionnaireStatus, { status: questionnaireStrings.status[questionnaire.status] })
        : t.noQuestionnaire}{' '}
      <Link className="text-primary underline" to={`/clientes/${clientId}/questionario`}>
        {t.reviewQuestionnaire}
      </Link>
    </p>
  );
}

export function FillDialog({
  open,
  onOpenChange,
  form,
  imported,
}: DialogProps & { form: UscisForm; imported: boolean }) {
  const { data: withClient = [] } = useFillableProcesses();
  const [processId, setProcessId] = useState<number | null>(null);
  const [result, setResult] = useState<FillResult | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = withClient.find((process) => process.id === processId);

  const run = async () => {
    if (processId === null) return;
    setBusy(true);
    try {
      const answer = await fillForm({ formId: form.id, processId });
      setResult(answer);
      toast.success(t.filled);
    } catch (error) {
      setResult(null);
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{fill(t.fillTitle, { number: form.number })}</DialogTitle>
          <DialogDescription>{t.fillDescription}</DialogDescription>
        </DialogHeader>
        {!imported && <p className="text-sm text-destructive">{t.notImported}</p>}
        <FormField label={t.process}>
          <NativeSelect
            value={processId ?? ''}
            onChange={(event) => {
              setProcessId(event.target.value ? Number(event.target.value) : null);
              setResult(null);
            }}
          >
            <option value="">{t.processPlaceholder}</option>
            {withClient.map((process) => (
              <option key={process.id} value={process.id}>
                #{process.id} — {process.type} — {process.client?.full_name ?? process.client_name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {chosen?.client_id && <QuestionnaireHint clientId={chosen.client_id} />}
        {result && <FillReport result={result} />}
        {result?.document && <FormPagesPreview documentId={result.document.id} title={result.document.name} />}
        <DialogFooter>
          {result?.signedUrl && (
            <Button variant="outline" asChild>
              <a href={result.signedUrl} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" />
                {t.openPdf}
              </a>
            </Button>
          )}
          <Button type="button" onClick={() => void run()} disabled={!imported || processId === null || busy}>
            {busy ? t.filling : t.fillButton}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function ViewPdfDialog({
  open,
  onOpenChange,
  form,
  edition,
}: DialogProps & { form: UscisForm; edition: FormEdition }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    signedPdfUrl(FORMS_BUCKET, edition.storage_path)
      .then(setUrl)
      .catch((error: unknown) => toast.error(errorMessage(error)));
  }, [open, edition.storage_path]);
  const title = fill(t.viewTitle, { number: form.number, date: formatDate(edition.edition_date) });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{form.name}</DialogDescription>
        </DialogHeader>
        {url && <PdfFrame src={url} title={title} />}
      </DialogContent>
    </Dialog>
  );
}
