/** Leads (pure): the row, the stages in board order, grouping and moving a card. */
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

export function groupByStage(leads: readonly Lead[]): Record<Stage, Lead[]> {
  const groups = Object.fromEntries(STAGES.map((s) => [s, [] as Lead[]])) as Record<Stage, Lead[]>;
  for (const lead of leads) groups[lead.stage].push(lead);
  for (const stage of STAGES) groups[stage].sort((a, b) => b.stage_changed_at.localeCompare(a.stage_changed_at));
  return groups;
}

/** The list after moving one lead to a stage (what the board shows before the server answers). */
export function moveLead(leads: readonly Lead[], id: string, stage: Stage, now = new Date()): Lead[] {
  return leads.map((lead) =>
    lead.id === id && lead.stage !== stage ? { ...lead, stage, stage_changed_at: now.toISOString() } : lead,
  );
}
