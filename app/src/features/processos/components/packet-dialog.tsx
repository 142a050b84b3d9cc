/** Preencher pacote: fills every form of the process's case type into one packet PDF, after confirmation. */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { fillPacket, type PacketResponse } from '../api/functions';
import { processKeys } from '../api/keys';
import { fill, processStrings as t } from '../strings';

export function PacketDialog({
  processId,
  caseTypeLabel,
  open,
  onOpenChange,
}: {
  processId: number;
  caseTypeLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<PacketResponse | null>(null);
  const [pending, setPending] = useState(false);
  // the confirmation closes itself once Confirmar settles: a filled packet keeps the dialog open on its result
  const filled = useRef(false);
  const confirm = async () => {
    setPending(true);
    try {
      const answer = await fillPacket(processId);
      filled.current = true;
      setResult(answer);
      toast.success(t.packetDone);
      void queryClient.invalidateQueries({ queryKey: processKeys.all });
    } catch (error) {
      toast.error(fill(t.packetError, { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setPending(false);
    }
  };
  const close = (next: boolean) => {
    if (!next) {
      filled.current = false;
      setResult(null);
    }
    onOpenChange(next);
  };

  if (!result) {
    return (
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (next || !filled.current) close(next);
        }}
        title={t.packetConfirmTitle}
        description={fill(t.packetConfirmDescription, { type: caseTypeLabel })}
        pending={pending}
        onConfirm={confirm}
        destructive={false}
      />
    );
  }
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.packetReadyTitle}</DialogTitle>
          <DialogDescription>{t.packetInternal}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2 text-sm" data-testid="packet-report">
          <ul className="grid gap-1">
            {result.forms.map((form) => (
              <li key={form.formNumber}>
                {fill(t.packetForm, {
                  number: form.formNumber,
                  filled: form.filledCount,
                  empty: form.emptyFields.length,
                })}
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
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            {t.packetClose}
          </Button>
          {result.signedUrl && (
            <Button asChild>
              <a href={result.signedUrl} target="_blank" rel="noopener noreferrer" download>
                {t.packetDownload}
              </a>
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
