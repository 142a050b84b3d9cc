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
import type { ProcessRow } from '../api/types';
import { PacketReport, type AskableGaps } from './packet-report';
import { fill, processStrings as t } from '../strings';

export function PacketDialog({
  process,
  askable,
  open,
  onOpenChange,
}: {
  process: ProcessRow;
  askable?: AskableGaps;
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
      const answer = await fillPacket(process.id);
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
        description={fill(t.packetConfirmDescription, { type: process.type })}
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
        <PacketReport process={process} result={result} askable={askable} />
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
