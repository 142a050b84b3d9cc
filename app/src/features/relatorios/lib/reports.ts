/** Office reports (pure): the table of processes by type and stage, from the database's counts. */

/** A row of report_processes_by_type_stage(): how many processes of a type are in a stage (null: none). */
export interface TypeStageCount {
  type: string;
  stage: string | null;
  total: number;
}

/** A row of report_days_per_stage(). */
export interface StageDays {
  stage: string;
  average_days: number | string;
  total: number;
}

/** A row of report_clients_by_source(). */
export interface SourceCount {
  source: string;
  total: number;
}

export const NO_STAGE = 'Sem estágio';

/** { type -> { stage -> count } } plus the stage columns in first-seen order, types in pt-BR order. */
export function processesByTypeAndStage(rows: readonly TypeStageCount[]) {
  const stages: string[] = [];
  const table = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const stage = row.stage || NO_STAGE;
    if (!stages.includes(stage)) stages.push(stage);
    const byStage = table.get(row.type) ?? new Map<string, number>();
    byStage.set(stage, (byStage.get(stage) ?? 0) + Number(row.total));
    table.set(row.type, byStage);
  }
  return { stages, rows: [...table.entries()].sort(([a], [b]) => a.localeCompare(b, 'pt-BR')) };
}

export const DIRECT = 'direto';
