/** Runs the USCIS status check over many receipts, ~10 per call, with progress and the spec's toasts. */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/errors';
import { AuthRequiredError, checkReceipts } from '../api/functions';
import { processKeys } from '../api/keys';
import { chunk } from '../lib/pagination';
import { fill, processStrings as t } from '../strings';

export const RECEIPTS_PER_CALL = 10;

export interface CheckProgress {
  done: number;
  total: number;
}

export function useCheckAllReceipts() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<CheckProgress | null>(null);

  const run = async (receiptNumbers: string[]) => {
    const unique = [...new Set(receiptNumbers.filter(Boolean))];
    if (unique.length === 0) {
      toast.info(t.noReceipts);
      return;
    }
    setProgress({ done: 0, total: unique.length });
    const failures: string[] = [];
    try {
      let done = 0;
      for (const part of chunk(unique, RECEIPTS_PER_CALL)) {
        try {
          const answer = await checkReceipts(part);
          for (const result of answer?.results ?? []) {
            if (result.error) failures.push(`${result.receiptNumber}: ${result.error}`);
          }
        } catch (error) {
          if (error instanceof AuthRequiredError) {
            toast.error(t.authRequired);
            return;
          }
          failures.push(errorMessage(error));
        }
        done += part.length;
        setProgress({ done, total: unique.length });
      }
      if (failures.length > 0) toast.error(fill(t.statusesCheckError, { message: failures.join('; ') }));
      else toast.success(t.statusesChecked);
    } finally {
      setProgress(null);
      await queryClient.invalidateQueries({ queryKey: processKeys.all });
    }
  };

  return { run, progress, running: progress !== null };
}

export function progressLabel(progress: CheckProgress | null): string | null {
  return progress ? `Verificando ${Math.min(progress.done + RECEIPTS_PER_CALL, progress.total)} de ${progress.total}...` : null;
}
