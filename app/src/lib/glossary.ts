/**
 * The one pt-BR glossary of stored codes: statuses of processes, payments, quotes, contracts, court and
 * USCIS checks, categories, relationships and timeline events. Every screen and portal badge shows these
 * words; the database keeps its codes (some are already Portuguese, then they are shown as written).
 */

import { normalizeText } from './text';

/** Looks a code up case- and accent-insensitively; unknown codes are shown as stored. */
function lookup(table: Readonly<Record<string, string>>, code: string | null | undefined, fallback = '-'): string {
  if (code === null || code === undefined || code.trim() === '') return fallback;
  return table[normalizeText(code)] ?? code;
}

export const PROCESS_STATUSES = [
  'em andamento',
  'pendente',
  'em análise',
  'aguardando entrevista',
  'renovação',
  'aprovado',
  'concluído',
  'arquivado',
  'cancelado',
] as const;

const processStatus: Record<string, string> = {
  'em andamento': 'Em andamento',
  'in progress': 'Em andamento',
  active: 'Em andamento',
  pendente: 'Pendente',
  pending: 'Pendente',
  'em analise': 'Em análise',
  'aguardando entrevista': 'Aguardando entrevista',
  renovacao: 'Renovação',
  aprovado: 'Aprovado',
  approved: 'Aprovado',
  concluido: 'Concluído',
  completed: 'Concluído',
  arquivado: 'Arquivado',
  archived: 'Arquivado',
  cancelado: 'Cancelado',
  canceled: 'Cancelado',
  cancelled: 'Cancelado',
};

export function processStatusLabel(status: string | null | undefined): string {
  return lookup(processStatus, status);
}

/** Quotes (financial_quotes.status). */
export const QUOTE_STATUS_LABELS: Readonly<Record<string, string>> = {
  draft: 'Rascunho',
  sent: 'Enviado',
  accepted: 'Aceito',
  declined: 'Recusado',
  expired: 'Expirado',
};

/** Contracts (financial_contracts.status). */
export const CONTRACT_STATUS_LABELS: Readonly<Record<string, string>> = {
  draft: 'Rascunho',
  active: 'Ativo',
  completed: 'Concluído',
  cancelled: 'Cancelado',
};

/** Installments (financial_installments.status; 'overdue' is shown for an open one past its due date). */
export const INSTALLMENT_STATUS_LABELS: Readonly<Record<string, string>> = {
  pending: 'Pendente',
  partial: 'Parcial',
  paid: 'Pago',
  cancelled: 'Cancelada',
  overdue: 'Atrasado',
};

/** Payments, expenses and anything else of finance: one vocabulary, the domains' words included. */
const financeStatus: Record<string, string> = {
  ...CONTRACT_STATUS_LABELS,
  ...INSTALLMENT_STATUS_LABELS,
  ...QUOTE_STATUS_LABELS,
  paid: 'Pago',
  pago: 'Pago',
  pendente: 'Pendente',
  atrasado: 'Atrasado',
  rascunho: 'Rascunho',
  ativo: 'Ativo',
  concluido: 'Concluído',
  cancelled: 'Cancelado',
  canceled: 'Cancelado',
  cancelado: 'Cancelado',
  failed: 'Falhou',
  refunded: 'Reembolsado',
};

export type FinanceKind = 'quote' | 'contract' | 'installment' | 'payment';

/** The finance records by kind, as the screens name them (a client's finance table, the portal's details). */
export const FINANCE_KIND_LABELS: Readonly<Record<FinanceKind, string>> = {
  quote: 'Orçamento',
  contract: 'Contrato',
  installment: 'Parcela',
  payment: 'Pagamento',
};

/** Expenses (financial_expenses): paid, or open and past its due date, or open. */
export const EXPENSE_STATUS_LABELS = { paid: 'Pago', overdue: 'Atrasado', pending: 'Pendente' } as const;

const financeByKind: Record<FinanceKind, Readonly<Record<string, string>>> = {
  quote: QUOTE_STATUS_LABELS,
  contract: CONTRACT_STATUS_LABELS,
  installment: INSTALLMENT_STATUS_LABELS,
  payment: financeStatus,
};

/** A finance status in pt-BR: the domain's own word when the kind is given ('cancelled' is a "Cancelada" installment
 * but a "Cancelado" contract), else the shared vocabulary. Unknown codes are shown as stored. */
export function financeStatusLabel(status: string | null | undefined, kind?: FinanceKind): string {
  const own = kind && status ? financeByKind[kind][normalizeText(status)] : undefined;
  return own ?? lookup(financeStatus, status);
}

/** What the USCIS case-status service answers (English), in pt-BR. */
const uscisStatus: Record<string, string> = {
  'case was received': 'Caso recebido',
  'case is being actively reviewed by uscis': 'Caso em análise ativa pelo USCIS',
  'fingerprint fee was received': 'Taxa de biometria recebida',
  'case was approved': 'Caso aprovado',
  'card was mailed to me': 'Cartão enviado pelo correio',
  'card was delivered to me by the post office': 'Cartão entregue pelo correio',
  'new card is being produced': 'Novo cartão em produção',
  'interview was scheduled': 'Entrevista agendada',
  'interview was completed and my case must be reviewed': 'Entrevista realizada; caso em revisão',
  'request for additional evidence was sent': 'Pedido de evidências (RFE) enviado',
  'response to uscis request for evidence was received': 'Resposta ao pedido de evidências recebida',
  'notice of intent to deny was sent': 'Aviso de intenção de negar (NOID) enviado',
  'case was denied': 'Caso negado',
  'case was rejected': 'Caso rejeitado',
  'case was transferred and a new office has jurisdiction': 'Caso transferido para outro escritório',
  'biometrics appointment was scheduled': 'Biometria agendada',
};

export function uscisStatusLabel(status: string | null | undefined, fallback = 'Pendente'): string {
  return lookup(uscisStatus, status, fallback);
}

/** What the EOIR court service answers (English), in pt-BR. */
const courtStatus: Record<string, string> = {
  'master calendar hearing scheduled': 'Audiência preliminar agendada',
  'master calendar hearing completed': 'Audiência preliminar realizada',
  'individual hearing scheduled': 'Audiência de mérito agendada',
  'individual hearing completed': 'Audiência de mérito realizada',
  'hearing scheduled': 'Audiência agendada',
  'case completed': 'Caso concluído',
  'case closed': 'Caso encerrado',
  'appeal pending': 'Recurso pendente',
  'appeal filed': 'Recurso apresentado',
  'motion pending': 'Moção pendente',
  'motion filed': 'Moção apresentada',
  'decision rendered': 'Decisão proferida',
  'relief granted': 'Benefício concedido',
  'removal ordered': 'Remoção determinada',
};

export function courtStatusLabel(status: string | null | undefined, fallback = 'Pendente'): string {
  return lookup(courtStatus, status, fallback);
}

export const PROCESS_CATEGORIES = ['USCIS', 'EOIR', 'ICE', 'Consulado'] as const;

const category: Record<string, string> = {
  uscis: 'USCIS',
  'imigratorio - uscis': 'USCIS',
  eoir: 'EOIR',
  ice: 'ICE',
  consulado: 'Consulado',
  consulate: 'Consulado',
};

export function categoryLabel(value: string | null | undefined): string {
  return lookup(category, value);
}

export const RELATIONSHIPS = ['spouse', 'child', 'parent', 'sibling', 'other'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

const relationship: Record<string, string> = {
  spouse: 'Cônjuge',
  child: 'Filho(a)',
  parent: 'Pai/Mãe',
  sibling: 'Irmão(ã)',
  other: 'Outro',
};

export function relationshipLabel(value: string | null | undefined): string {
  return lookup(relationship, value);
}

const documentRequestStatus: Record<string, string> = {
  pending: 'Pendente',
  fulfilled: 'Recebido',
};

export function documentRequestStatusLabel(value: string | null | undefined): string {
  return lookup(documentRequestStatus, value);
}

const interactionType: Record<string, string> = {
  call: 'Ligação',
  message: 'Mensagem',
  document: 'Documento',
  meeting: 'Reunião',
  other: 'Outro',
};

export function interactionTypeLabel(value: string | null | undefined): string {
  return lookup(interactionType, value);
}

const interactionStatus: Record<string, string> = {
  pending: 'Pendente',
  completed: 'Concluído',
  cancelled: 'Cancelado',
  scheduled: 'Agendado',
};

export function interactionStatusLabel(value: string | null | undefined): string {
  return lookup(interactionStatus, value);
}

/** Titles of the timeline's kinds (workspace_timeline). */
const timelineKind: Record<string, string> = {
  created: 'Processo aberto',
  stage_change: 'Estágio alterado',
  status_change: 'Status alterado',
  responsible_change: 'Responsável alterado',
  message_client: 'Mensagem do cliente',
  message_office: 'Mensagem do escritório',
  upload_client: 'Documento enviado pelo cliente',
  upload_office: 'Documento enviado pelo escritório',
  document_requested: 'Documento solicitado',
  document_received: 'Documento recebido',
  uscis_status: 'Atualização do USCIS',
  eoir_status: 'Atualização da corte (EOIR)',
  interaction_call: 'Atendimento: ligação',
  interaction_message: 'Atendimento: mensagem',
  interaction_document: 'Atendimento: documento',
  interaction_meeting: 'Atendimento: reunião',
  interaction_other: 'Atendimento',
};

export function timelineKindLabel(kind: string): string {
  return timelineKind[kind] ?? kind;
}
