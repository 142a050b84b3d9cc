/** Query keys of the CRM. */
import { readsTables } from '@/lib/data-keys';
export const leadKeys = {
  all: ['leads'] as const,
  list: () => [...leadKeys.all, 'list'] as const,
  activities: (leadId: string) => [...leadKeys.all, 'activities', leadId] as const,
  caseTypes: () => ['case-types', 'active'] as const,
};

readsTables(leadKeys.all, ['leads', 'lead_activities', 'clients']);
readsTables(leadKeys.caseTypes(), ['case_types']);
