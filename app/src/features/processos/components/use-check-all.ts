/** Shared flows of the tracked-item tabs (USCIS receipts, EOIR court cases): check all with progress, check one. */
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/errors';
import { AuthRequiredError } from '../api/functions';
import { chunk } from '../lib/pagination';
import { fill } from '../strings';

export interface CheckProgress {
  done: number;
  total: number;
}

export interface CheckAllTexts {
  /** Info toast when there is nothing to check. */
  nothingToCheck: string;
  /** Error toast when the session is missing; the run stops there. */
  authRequired: string;
  success: string;
  /** Error toast template with a {message} slot. */
  failure: string;
}

export interface CheckAllOptions<T> {
  batchSize: number;
  /** Checks one batch and returns its failure descriptions; a thrown error counts as one failure (AuthRequiredError stops the run). */
  checkBatch: (batch: T[]) => Promise<string[]>;
  /** The failure message to show, or null when the run counts as a success. */
  summarize: (failures: string[], total: number) => string | null;
  texts: CheckAllTexts;
  /** Runs when the run ends, whatever the outcome. */
  refresh: () => Promise<unknown>;
}

/** "Verificando N de M..." — N is the last item of the batch under way. */
export function checkProgressLabel(progress: CheckProgress | null, batchSize: number): string | null {
  return progress ? `Verificando ${Math.min(progress.done + batchSize, progress.total)} de ${progress.total}...` : null;
}

export function useCheckAll<T>({ batchSize, checkBatch, summarize, texts, refresh }: CheckAllOptions<T>) {
  const [progress, setProgress] = useState<CheckProgress | null>(null);

  const run = async (items: T[]) => {
    const total = items.length;
    if (total === 0) {
      toast.info(texts.nothingToCheck);
      return;
    }
    setProgress({ done: 0, total });
    const failures: string[] = [];
    try {
      let done = 0;
      for (const part of chunk(items, batchSize)) {
        try {
          failures.push(...(await checkBatch(part)));
        } catch (error) {
          if (error instanceof AuthRequiredError) {
            toast.error(texts.authRequired);
            return;
          }
          failures.push(errorMessage(error));
        }
        done += part.length;
        setProgress({ done, total });
      }
      const summary = summarize(failures, total);
      if (summary === null) toast.success(texts.success);
      else toast.error(fill(texts.failure, { message: summary }));
    } catch (error) {
      toast.error(fill(texts.failure, { message: errorMessage(error) }));
    } finally {
      setProgress(null);
      await refresh();
    }
  };

  return { run, progress, running: progress !== null, label: checkProgressLabel(progress, batchSize) };
}

/** Which row's "Verificar" is under way; `check` shows its own toasts and refreshes. */
export function useCheckOne<T extends { id: string }>(check: (item: T) => Promise<void>) {
  const [checkingId, setCheckingId] = useState<string | null>(null);
  const checkOne = async (item: T) => {
    setCheckingId(item.id);
    try {
      await check(item);
    } finally {
      setCheckingId(null);
    }
  };
  return { checkingId, checkOne };
}
