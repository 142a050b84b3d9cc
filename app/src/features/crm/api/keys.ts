/** Query keys of the CRM. */
import { readsTables } from '@/lib/data-keys';
import type { Stage } from '../lib/leads';
export const leadKeys = {
  all: ['leads'] as const,
  /** Every column of the board, each as loaded pages for a search. */
  columns: () => [...leadKeys.all, 'column'] as const,
  column: (stage: Stage, search: string) => [...leadKeys.columns(), stage, search] as const,
  counts: () => [...leadKeys.all, 'counts'] as const,
  stageCounts: (search: string) => [...leadKeys.counts(), search] as const,
  detail: (id: string) => [...leadKeys.all, 'detail', id] as const,
  activities: (leadId: string) => [...leadKeys.all, 'activities', leadId] as const,
  caseTypes: () => ['case-types', 'active'] as const,
};

readsTables(leadKeys.all, ['leads', 'lead_activities', 'clients']);
readsTables(leadKeys.caseTypes(), ['case_types']);
