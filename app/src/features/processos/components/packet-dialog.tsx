/** Preencher pacote: fills every form of the process's case type into one packet PDF, after confirmation. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
  const run = useMutation({
    mutationFn: () => fillPacket(processId),
    onSuccess: () => {
      toast.success(t.packetDone);
      void queryClient.invalidateQueries({ queryKey: processKeys.all });
    },
    onError: (error) => toast.error(fill(t.packetError, { message: error.message })),
  });
  const result: PacketResponse | undefined = run.data;
  const close = (next: boolean) => {
    if (!next) run.reset();
    onOpenChange(next);
  };

  if (!result) {
    return (
      <ConfirmDialog
        open={open}
        onOpenChange={close}
        title={t.packetConfirmTitle}
        description={fill(t.packetConfirmDescription, { type: caseTypeLabel })}
        pending={run.isPending}
        onConfirm={() => run.mutate()}
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
