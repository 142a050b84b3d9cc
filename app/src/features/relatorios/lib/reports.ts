/** Office reports (pure): processes by type and stage, days spent in each stage, clients by source. */
export interface ProcessRow {
  id: number;
  type: string;
  stage: string | null;
  status: string;
}

export interface StageEvent {
  process_id: number;
  to_value: string | null;
  created_at: string;
}

export const NO_STAGE = 'Sem estágio';

/** { type -> { stage -> count } } plus the stage columns in first-seen order. */
export function processesByTypeAndStage(rows: readonly ProcessRow[]) {
  const stages: string[] = [];
  const table = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const stage = row.stage || NO_STAGE;
    if (!stages.includes(stage)) stages.push(stage);
    const byStage = table.get(row.type) ?? new Map<string, number>();
    byStage.set(stage, (byStage.get(stage) ?? 0) + 1);
    table.set(row.type, byStage);
  }
  return { stages, rows: [...table.entries()].sort(([a], [b]) => a.localeCompare(b, 'pt-BR')) };
}

const DAY = 86_400_000;

/**
 * Average and count of days each stage lasted: a stage runs from the event that entered it to the next
 * stage event of the same process (or now, for the current stage).
 */
export function daysPerStage(events: readonly StageEvent[], now = new Date()) {
  const byProcess = new Map<number, StageEvent[]>();
  for (const event of events) {
    if (!event.to_value) continue;
    const list = byProcess.get(event.process_id) ?? [];
    list.push(event);
    byProcess.set(event.process_id, list);
  }
  const totals = new Map<string, { days: number; count: number }>();
  for (const list of byProcess.values()) {
    list.sort((a, b) => a.created_at.localeCompare(b.created_at));
    list.forEach((event, i) => {
      const end = i + 1 < list.length ? new Date(list[i + 1]!.created_at) : now;
      const days = Math.max(0, (end.getTime() - new Date(event.created_at).getTime()) / DAY);
      const total = totals.get(event.to_value!) ?? { days: 0, count: 0 };
      totals.set(event.to_value!, { days: total.days + days, count: total.count + 1 });
    });
  }
  return [...totals.entries()]
    .map(([stage, { days, count }]) => ({ stage, averageDays: Math.round((days / count) * 10) / 10, count }))
    .sort((a, b) => b.averageDays - a.averageDays);
}

export const DIRECT = 'direto';

/** Clients counted by the source of the lead they came from ('direto' when none). */
export function clientsBySource(
  clientIds: readonly string[],
  leads: readonly { client_id: string | null; source: string }[],
) {
  const sourceOf = new Map(leads.filter((l) => l.client_id).map((l) => [l.client_id!, l.source]));
  const counts = new Map<string, number>();
  for (const id of clientIds) {
    const source = sourceOf.get(id) ?? DIRECT;
    counts.set(source, (counts.get(source) ?? 0) + 1);
  }
  return [...counts.entries()].map(([source, count]) => ({ source, count })).sort((a, b) => b.count - a.count);
}
