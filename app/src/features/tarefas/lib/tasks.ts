/** Tasks (pure): the row, what counts as open and overdue, and the list's filters. */
import { badgeColor } from '@/components/ui/badge';
import type { TaskPriority } from '@/lib/status';

export interface Task {
  id: string;
  title: string;
  description: string | null;
  assignee_id: string | null;
  due_date: string | null;
  priority: TaskPriority;
  status: 'pendente' | 'em_andamento' | 'concluida' | 'cancelada';
  client_id: string | null;
  process_id: number | null;
  source: string | null;
  completed_at: string | null;
  created_at: string;
  clients?: { full_name: string } | null;
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
