/** Client-portal process rules (spec section 4): grouping for the tabs and status badge colours. */
import type { BadgeColor } from '@/components/ui/badge';

export type ProcessGroup = 'active' | 'completed' | 'archived' | 'canceled' | 'other';
export type ProcessTab = 'all' | 'active' | 'completed';

function normalize(status: string | null | undefined): string {
  return (status ?? '').trim().toLowerCase();
}

// Besides the spec's words, every open status of the office's glossary is active and an approval is completed.
const ACTIVE = new Set(['em andamento', 'in progress', 'pendente', 'pending', 'em análise', 'aguardando entrevista', 'renovação']);
const COMPLETED = new Set(['concluído', 'concluido', 'completed', 'aprovado']);
const ARCHIVED = new Set(['arquivado', 'archived']);
const CANCELED = new Set(['cancelado', 'canceled', 'cancelled']);

/** Case-insensitive grouping: active, completed, archived, canceled (own badges) or other. */
export function processGroup(status: string | null | undefined): ProcessGroup {
  const s = normalize(status);
  if (ACTIVE.has(s)) return 'active';
  if (COMPLETED.has(s)) return 'completed';
  if (ARCHIVED.has(s)) return 'archived';
  if (CANCELED.has(s)) return 'canceled';
  return 'other';
}

/** The processes of a tab: all, active (Em Andamento) or completed (Concluídos). */
export function filterProcesses<T extends { status: string | null }>(processes: readonly T[], tab: ProcessTab): T[] {
  if (tab === 'all') return [...processes];
  return processes.filter((p) => processGroup(p.status) === tab);
}

const COLOURS: [BadgeColor, string[]][] = [
  ['green', ['concluído', 'concluido', 'completed', 'aprovado']],
  ['blue', ['em andamento', 'in progress']],
  ['yellow', ['aguardando entrevista']],
  ['purple', ['em análise', 'em analise']],
  ['orange', ['renovação', 'renovacao']],
  ['amber', ['pendente', 'pending']],
  ['gray', ['arquivado', 'archived']],
  ['red', ['cancelado', 'canceled', 'cancelled']],
];

/** Process status colours (spec section 4); unknown statuses are gray. */
export function processStatusColor(status: string | null | undefined): BadgeColor {
  const s = normalize(status);
  for (const [colour, names] of COLOURS) if (names.includes(s)) return colour;
  return 'gray';
}

/** 'em andamento' -> 'Em andamento' (empty -> '-'). */
export function statusLabel(status: string | null | undefined): string {
  const s = (status ?? '').trim();
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : '-';
}
