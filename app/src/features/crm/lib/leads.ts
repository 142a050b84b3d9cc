/** Leads (pure): the row, the stages in board order, moving a card between columns' pages and counts. */
export const STAGES = ['novo', 'contato', 'proposta', 'fechado', 'perdido'] as const;
export type Stage = (typeof STAGES)[number];

export interface Lead {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  source: string;
  case_type_interest: string | null;
  stage: Stage;
  owner_id: string | null;
  notes: string | null;
  client_id: string | null;
  stage_changed_at: string;
  created_at: string;
}

export const LEAD_COLUMNS =
  'id, name, email, phone, source, case_type_interest, stage, owner_id, notes, client_id, stage_changed_at, created_at';

export function isStage(value: unknown): value is Stage {
  return typeof value === 'string' && (STAGES as readonly string[]).includes(value);
}

/** Each stage's lead count (the column headers), every stage present. */
export type StageCounts = Record<Stage, number>;

export function emptyCounts(): StageCounts {
  return Object.fromEntries(STAGES.map((s) => [s, 0])) as StageCounts;
}

/** The counts after one lead moved from `from` to `to` (what the headers show before the server answers). */
export function moveCount(counts: StageCounts, from: Stage, to: Stage): StageCounts {
  if (from === to) return counts;
  return { ...counts, [from]: Math.max(0, counts[from] - 1), [to]: counts[to] + 1 };
}

/** A column's loaded pages without the lead `id`. */
export function withoutLead(pages: readonly Lead[][], id: string): Lead[][] {
  return pages.map((page) => page.filter((lead) => lead.id !== id));
}

/** A column's loaded pages with `lead` moved in at the top (newest move first), stamped `now`. */
export function withLeadFirst(pages: readonly Lead[][], lead: Lead, stage: Stage, now = new Date()): Lead[][] {
  const moved = { ...lead, stage, stage_changed_at: now.toISOString() };
  const rest = withoutLead(pages, lead.id);
  return rest.length ? [[moved, ...rest[0]!], ...rest.slice(1)] : [[moved]];
}
