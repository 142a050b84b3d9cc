/** Query keys of the clients feature (other features may invalidate them). */
import { readsTables } from '@/lib/data-keys';
export const clientKeys = {
  all: ['clients'] as const,
  list: () => [...clientKeys.all, 'list'] as const,
};

// the client list and page: its processes, money, interactions, messages and documents
readsTables(clientKeys.all, [
  'clients',
  'processes',
  'financial_contracts',
  'financial_installments',
  'financial_payments',
  'financial_quotes',
  'interactions',
  'messages',
  'client_documents',
  'client_record_changes',
  'document_requests',
]);
