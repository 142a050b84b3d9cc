/** Engagement contracts signed in the portal: what other features use (staff actions, templates card, status). */
export { StaffSigningActions } from './components/staff-signing-actions';
export { ContractTemplatesCard } from './components/contract-templates-card';
export { SignatureStatusBadge, signatureStatusLabels } from './components/signature-status-badge';
export type { SignatureStatus } from './api';
