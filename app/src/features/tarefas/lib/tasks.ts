/** Tasks (pure): the row, what counts as open and overdue, and the list's filters. */
import { badgeColor } from '@/components/ui/badge';
import type { Tables } from '@/lib/database.types';
import { isOneOf } from '@/lib/rows';
import { TASK_PRIORITIES, type TaskPriority } from '@/lib/status';

/** The statuses the table's check allows. */
export const TASK_STATUSES = ['pendente', 'em_andamento', 'concluida', 'cancelada'] as const;

export interface Task
  extends Pick<
    Tables<'tasks'>,
    | 'id'
    | 'title'
    | 'description'
    | 'assignee_id'
    | 'due_date'
    | 'client_id'
    | 'process_id'
    | 'source'
    | 'completed_at'
    | 'created_at'
  > {
  priority: TaskPriority;
  status: (typeof TASK_STATUSES)[number];
  clients?: { full_name: string } | null;
}

/**
 * A row with its priority and status narrowed, or null for a value the list has no colour, label nor order for: the
 * caller leaves that row out with a warning (keepParsed) rather than show it as another status.
 */
export function parseTask<R extends { priority: string; status: string }>(
  row: R,
): (Omit<R, 'priority' | 'status'> & Pick<Task, 'priority' | 'status'>) | null {
  const { priority, status } = row;
  if (!isOneOf(TASK_PRIORITIES, priority) || !isOneOf(TASK_STATUSES, status)) return null;
  return { ...row, priority, status };
}

export const TASK_COLUMNS =
  'id, title, description, assignee_id, due_date, priority, status, client_id, process_id, source, completed_at, created_at, clients(full_name)';

export const STATUS_COLORS: Record<Task['status'], string> = {
  pendente: badgeColor.amber,
  em_andamento: badgeColor.blue,
  concluida: badgeColor.green,
  cancelada: badgeColor.gray,
};

export function isOpen(task: Pick<Task, 'status'>): boolean {
  return task.status === 'pendente' || task.status === 'em_andamento';
}

/** Open and due before today ('yyyy-MM-dd' compared as text). */
export function isOverdue(task: Pick<Task, 'status' | 'due_date'>, today: string): boolean {
  return isOpen(task) && task.due_date !== null && task.due_date < today;
}

export interface TaskFilters {
  mineOf: string | null;
  state: 'open' | 'done' | 'overdue' | 'all';
  priority: '' | Task['priority'];
  search: string;
}

const PRIORITY_RANK = { alta: 0, media: 1, baixa: 2 } as const;

/** Open first, then by due date (none last), then by priority. */
export function sortTasks(tasks: readonly Task[]): Task[] {
  return [...tasks].sort(
    (a, b) =>
      Number(!isOpen(a)) - Number(!isOpen(b)) ||
      (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999') ||
      PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority],
  );
}
