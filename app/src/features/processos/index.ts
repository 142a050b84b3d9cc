/** What other features may use of Processos; eslint forbids reaching past this file into another feature. */
export { processKeys } from './api/keys';
export { useClientOptions, useProcesses, useStaffDirectory, useTimeline } from './api/queries';
export { DocumentsPanel } from './components/documents-panel';
export { ProcessStatusBadge, StageBadge } from './components/process-badges';
export { ProcessFormDialog } from './components/process-form-dialog';
