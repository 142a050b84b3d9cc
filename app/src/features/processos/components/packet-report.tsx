/** What "Preencher pacote" filled, what it skipped, and the questionnaire answers it lacked ("Pedir ao cliente"). */
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/lib/toast';
import type { PacketForm, PacketResponse } from '../api/functions';
import { NotificationError, useRequestDocument } from '../api/mutations';
import type { ProcessRow } from '../api/types';
import { fill, processStrings as t } from '../strings';

/** The questionnaire answers each form lacked, labelled for the client (given by the route: Formulários knows them). */
export type AskableGaps = (forms: PacketForm[]) => { formNumber: string; labels: string[] }[];

/** document_requests.document_description is read in the portal: a few lines, never a wall of text. */
export const MAX_REQUEST_TEXT = 2000;

/** The request's text: one line per form with the questions it needs, cut to what the portal shows. */
export function requestText(intro: string, missing: ReturnType<AskableGaps>): string {
  const text = [intro, ...missing.map((form) => `${form.formNumber}: ${form.labels.join('; ')}`)].join('\n');
  return text.length <= MAX_REQUEST_TEXT ? text : `${text.slice(0, MAX_REQUEST_TEXT - 1)}…`;
}

export function PacketReport({
  process,
  result,
  askable,
}: {
  process: ProcessRow;
  result: PacketResponse;
  askable?: AskableGaps;
}) {
  const missing = askable ? askable(result.forms) : [];
  const count = new Set(missing.flatMap((form) => form.labels)).size;
  const requestDocument = useRequestDocument();
  const [asking, setAsking] = useState(false);
  const [sent, setSent] = useState(false);
  const ask = async () => {
    try {
      await requestDocument.mutateAsync({
        process,
        documentName: t.packetAskName,
        documentDescription: requestText(t.packetAskIntro, missing),
        isRequired: true,
      });
      setSent(true);
      toast.success(t.packetAskDone);
    } catch (error) {
      if (error instanceof NotificationError) setSent(true); // the request is there; only its log line failed
      toast.error(fill(t.packetAskError, { message: error instanceof Error ? error.message : String(error) }));
    }
  };

  return (
    <div className="grid gap-2 text-sm" data-testid="packet-report">
      <ul className="grid gap-1">
        {result.forms.map((form) => (
          <li key={form.formNumber}>
            {fill(t.packetForm, { number: form.formNumber, filled: form.filledCount, empty: form.emptyFields.length })}
          </li>
        ))}
      </ul>
      {result.skipped.length > 0 && (
        <ul className="grid gap-1 text-muted-foreground">
          {result.skipped.map((skip) => (
            <li key={skip.formNumber}>
              {skip.formNumber}: {skip.reason}
            </li>
          ))}
        </ul>
      )}
      <p>{fill(t.packetExhibits, { count: result.exhibits })}</p>
      {missing.length > 0 && process.client_id && (
        <section aria-label={t.packetMissingTitle} className="grid gap-1 rounded-md border p-2">
          <h3 className="font-semibold">{t.packetMissingTitle}</h3>
          <ul className="grid max-h-40 gap-1 overflow-y-auto" data-testid="packet-missing">
            {missing.map((form) => (
              <li key={form.formNumber}>
                <span className="font-medium">{form.formNumber}:</span> {form.labels.join('; ')}
              </li>
            ))}
          </ul>
          {sent ? (
            <p role="status">{t.packetAskSent}</p>
          ) : (
            <Button type="button" variant="outline" className="justify-self-start" onClick={() => setAsking(true)}>
              {t.packetAskClient}
            </Button>
          )}
          <ConfirmDialog
            open={asking}
            onOpenChange={setAsking}
            title={t.packetAskConfirmTitle}
            description={fill(t.packetAskConfirmDescription, { count })}
            pending={requestDocument.isPending}
            onConfirm={ask}
            destructive={false}
          />
        </section>
      )}
    </div>
  );
}
