/** What other features may use of Processos; eslint forbids reaching past this file into another feature. */
export { processKeys } from './api/keys';
export { useMarkFormDownloaded } from './api/mutations';
export { useClientOptions, useProcesses, useStaffDirectory, useTimeline, useUscisForms } from './api/queries';
export type { UscisForm } from './api/types';
export { DocumentsPanel } from './components/documents-panel';
export { ProcessStatusBadge, StageBadge } from './components/process-badges';
export { ProcessFormDialog } from './components/process-form-dialog';
