/** What other features may use of Processos; eslint forbids reaching past this file into another feature. */
export { processKeys } from './api/keys';
export { DocumentsPanel } from './components/documents-panel';
export { ProcessFormDialog } from './components/process-form-dialog';
export { PacketReport } from './components/packet-report';
