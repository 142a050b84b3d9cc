/** Runs the USCIS status check over many receipts, ~10 per call, with progress and the spec's toasts. */
import { invalidateTables } from '@/lib/data-keys';
import { useQueryClient } from '@tanstack/react-query';
import { checkReceipts } from '../api/functions';
import { processStrings as t } from '../strings';
import { checkProgressLabel, useCheckAll, type CheckProgress } from './use-check-all';

export type { CheckProgress } from './use-check-all';

export const RECEIPTS_PER_CALL = 10;

export function useCheckAllReceipts() {
  const queryClient = useQueryClient();
  const checker = useCheckAll<string>({
    batchSize: RECEIPTS_PER_CALL,
    checkBatch: async (part) => {
      const answer = await checkReceipts(part);
      return (answer?.results ?? []).filter((r) => r.error).map((r) => `${r.receiptNumber}: ${r.error}`);
    },
    summarize: (failures) => (failures.length > 0 ? failures.join('; ') : null),
    texts: {
      nothingToCheck: t.noReceipts,
      authRequired: t.authRequired,
      success: t.statusesChecked,
      failure: t.statusesCheckError,
    },
    // a status can create a task (RFE) or an appointment (biometrics)
    refresh: () => invalidateTables(queryClient, RECEIPT_CHECK_TABLES),
  });
  const run = (receiptNumbers: string[]) => checker.run([...new Set(receiptNumbers.filter(Boolean))]);
  return { run, progress: checker.progress, running: checker.running };
}

export function progressLabel(progress: CheckProgress | null): string | null {
  return checkProgressLabel(progress, RECEIPTS_PER_CALL);
}

/** What a status check writes: the receipt, its history, and the deadlines it creates. */
export const RECEIPT_CHECK_TABLES = ['uscis_receipts', 'uscis_status_history', 'processes', 'tasks', 'appointments'];
