import { readsTables } from '@/lib/data-keys';
export const processKeys = {
  all: ['processos'] as const,
  list: () => [...processKeys.all, 'list'] as const,
  detail: (id: number) => [...processKeys.all, 'detail', id] as const,
  caseTypes: () => [...processKeys.all, 'case-types'] as const,
  staff: () => [...processKeys.all, 'staff'] as const,
  stages: () => [...processKeys.all, 'stages'] as const,
  documents: (processId: number) => [...processKeys.all, 'documents', processId] as const,
  receipts: () => [...processKeys.all, 'receipts'] as const,
  receiptHistory: (receiptId: string) => [...processKeys.all, 'receipt-history', receiptId] as const,
  courtCases: () => [...processKeys.all, 'court-cases'] as const,
  courtHistory: (caseId: string) => [...processKeys.all, 'court-history', caseId] as const,
};

// the process pages, lists and timelines
readsTables(processKeys.all, [
  'processes',
  'process_stages',
  'process_events',
  'process_notifications',
  'uscis_receipts',
  'uscis_status_history',
  'eoir_court_cases',
  'eoir_court_history',
  'document_requests',
  'client_documents',
  'uscis_forms',
  'case_types',
  'profiles',
  'user_roles',
  'notifications',
  'clients',
  'tasks',
  'appointments',
  'messages',
  'interactions',
]);
