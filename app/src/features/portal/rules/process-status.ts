/** Client-portal process rules: the tabs of the process list (groups and colours: lib/status). */
import { processGroup } from '@/lib/status';

export type ProcessTab = 'all' | 'active' | 'completed';

/** The processes of a tab: all, active (Em Andamento) or completed (Concluídos). */
export function filterProcesses<T extends { status: string | null }>(processes: readonly T[], tab: ProcessTab): T[] {
  if (tab === 'all') return [...processes];
  return processes.filter((p) => processGroup(p.status) === tab);
}

/** 'em andamento' -> 'Em andamento' (empty -> '-'). */
export function statusLabel(status: string | null | undefined): string {
  const s = (status ?? '').trim();
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : '-';
}
