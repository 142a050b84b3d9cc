/** Query keys of the client portal (per client). */
import { readsTables } from '@/lib/data-keys';
export const portalKeys = {
  all: ['portal'] as const,
  processes: (clientId: string) => [...portalKeys.all, clientId, 'processes'] as const,
  documents: (clientId: string) => [...portalKeys.all, clientId, 'documents'] as const,
  processOptions: (clientId: string) => [...portalKeys.all, clientId, 'process-options'] as const,
  requests: (clientId: string) => [...portalKeys.all, clientId, 'requests'] as const,
};

/** The office's contact details: one per office, shared by every client's portal. */
export const officeContactKey = ['portal', 'office-contact'] as const;

readsTables(officeContactKey, ['office_settings']);
readsTables(portalKeys.all, [
  'clients',
  'messages',
  'appointments',
  'process_events',
  'processes',
  'process_stages',
  'client_documents',
  'document_requests',
]);
