/**
 * The one home of status rules shared by screens: the colour of each status badge (spec section 4) and the
 * groups statuses fall into (active, closed, open payment...). Labels live in glossary.ts. Every comparison is
 * case- and accent-insensitive (normalizeText), so 'Concluído', 'concluido' and 'COMPLETED' read alike.
 */
import type { BadgeColor } from '@/components/ui/badge';
import { normalizeText } from './text';

/** Builds a lookup from colour -> statuses (written as people write them) to normalized status -> colour. */
function colourTable(
  entries: ReadonlyArray<readonly [BadgeColor, readonly string[]]>,
): ReadonlyMap<string, BadgeColor> {
  const table = new Map<string, BadgeColor>();
  for (const [colour, names] of entries) for (const name of names) table.set(normalizeText(name), colour);
  return table;
}

function setOf(names: readonly string[]): ReadonlySet<string> {
  return new Set(names.map(normalizeText));
}

const PROCESS_COLOURS = colourTable([
  ['green', ['concluído', 'completed', 'aprovado']],
  ['blue', ['em andamento', 'in progress']],
  ['yellow', ['aguardando entrevista']],
  ['purple', ['em análise']],
  ['orange', ['renovação']],
  ['amber', ['pendente', 'pending']],
  ['gray', ['arquivado', 'archived']],
  ['red', ['cancelado', 'canceled', 'cancelled']],
]);

/** Process status colours; unknown statuses are gray. */
export function processStatusColor(status: string | null | undefined): BadgeColor {
  return PROCESS_COLOURS.get(normalizeText(status)) ?? 'gray';
}

export type ProcessGroup = 'active' | 'completed' | 'archived' | 'canceled' | 'other';

// Besides the spec's words, every open status of the office's glossary is active and an approval is completed.
const PROCESS_GROUPS: ReadonlyArray<[ProcessGroup, ReadonlySet<string>]> = [
  [
    'active',
    setOf(['em andamento', 'in progress', 'pendente', 'pending', 'em análise', 'aguardando entrevista', 'renovação']),
  ],
  ['completed', setOf(['concluído', 'completed', 'aprovado'])],
  ['archived', setOf(['arquivado', 'archived'])],
  ['canceled', setOf(['cancelado', 'canceled', 'cancelled'])],
];

/** The group of a process status: active, completed, archived, canceled or other. */
export function processGroup(status: string | null | undefined): ProcessGroup {
  const text = normalizeText(status);
  for (const [group, names] of PROCESS_GROUPS) if (names.has(text)) return group;
  return 'other';
}

// The statuses for which the database sets closed_at (and their English spellings).
const CLOSED_PROCESS = setOf(['concluído', 'completed', 'arquivado', 'archived', 'cancelado', 'canceled', 'cancelled']);

/** Concluded, archived or cancelled: the process no longer runs (an approval alone does not close it). */
export function isClosedProcessStatus(status: string | null | undefined): boolean {
  return CLOSED_PROCESS.has(normalizeText(status));
}

// Payments, installments, quotes, contracts, expenses and fees share one vocabulary, so one table of colours.
const FINANCE_COLOURS = colourTable([
  ['green', ['paid', 'pago', 'completed', 'concluído', 'accepted']],
  ['amber', ['pending', 'pendente']],
  ['yellow', ['partial']],
  ['red', ['overdue', 'atrasado', 'declined']],
  ['orange', ['expired']],
  ['gray', ['draft', 'rascunho', 'cancelled']],
  ['blue', ['active', 'ativo', 'sent']],
]);

/** Finance status colours: paid green, pending amber, overdue red, draft gray, active blue...; unknown gray. */
export function financeStatusColor(status: string | null | undefined): BadgeColor {
  return FINANCE_COLOURS.get(normalizeText(status)) ?? 'gray';
}

const OPEN_PAYMENT = setOf(['pending', 'pendente', 'overdue', 'atrasado']);
const PAID = setOf(['paid', 'pago', 'completed', 'concluído']);

/** Payments still to be paid (pending or overdue). */
export function isOpenPayment(status: string | null | undefined): boolean {
  return OPEN_PAYMENT.has(normalizeText(status));
}

/** Payments that count as received. */
export function isPaidStatus(status: string | null | undefined): boolean {
  return PAID.has(normalizeText(status));
}

/** The task priorities the table's check allows, highest first. */
export const TASK_PRIORITIES = ['alta', 'media', 'baixa'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** Task priority colours, the same on the task list and the dashboard. */
export const TASK_PRIORITY_COLORS: Readonly<Record<TaskPriority, BadgeColor>> = {
  alta: 'red',
  media: 'yellow',
  baixa: 'green',
};

/**
 * Stage colouring by text: Aprova green, Negado red, RFE or NOID orange, Aguardando yellow,
 * Entregue emerald, processamento blue, apelação purple, otherwise gray.
 */
export function stageColor(stage: string | null | undefined): BadgeColor {
  const text = normalizeText(stage);
  if (!text) return 'gray';
  if (text.includes('aprova')) return 'green';
  if (text.includes('negado')) return 'red';
  if (/\b(rfe|noid)\b/.test(text)) return 'orange';
  if (text.includes('aguardando')) return 'yellow';
  if (text.includes('entregue')) return 'emerald';
  if (text.includes('processamento')) return 'blue';
  if (text.includes('apelacao')) return 'purple';
  return 'gray';
}
