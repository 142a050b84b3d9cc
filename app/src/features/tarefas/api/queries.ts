/** Reads of the tasks: a page of the list (with the client's name), the open count and a task's comments. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ilikeAny, pageRange, type Page } from '@/lib/paging';
import { keepParsed } from '@/lib/rows';
import { supabase } from '@/lib/supabase';
import { parseTask, sortTasks, TASK_COLUMNS, type Task, type TaskFilters } from '../lib/tasks';
import { tarefasStrings as t } from '../strings';
import { taskKeys } from './keys';

export interface TaskListQuery {
  /** The assignee ('Minhas'), or null for everyone's. */
  mineOf: string | null;
  state: TaskFilters['state'];
  priority: TaskFilters['priority'];
  search: string;
  /** 'yyyy-MM-dd': what is due before it is overdue. */
  today: string;
  page: number;
  pageSize: number;
}

const OPEN = ['pendente', 'em_andamento'];

/** Ids of the clients whose name matches the search (a task's search also looks at its client's name). */
async function clientIdsMatching(term: string): Promise<string[]> {
  const filter = ilikeAny(['full_name'], term);
  if (!filter) return [];
  const { data } = await supabase.from('clients').select('id').or(filter).limit(100).throwOnError();
  return ((data ?? []) as { id: string }[]).map((c) => c.id);
}

/**
 * One page of the tasks with the exact number that match: assignee, situation, priority and text filter in the
 * query; soonest due first (no date last), open ones first when every situation is shown.
 */
export async function fetchTasksPage(q: TaskListQuery): Promise<Page<Task>> {
  const { from, to } = pageRange(q.page, q.pageSize);
  let query = supabase.from('tasks').select(TASK_COLUMNS, { count: 'exact' });
  if (q.mineOf) query = query.eq('assignee_id', q.mineOf);
  if (q.state === 'open') query = query.in('status', OPEN);
  if (q.state === 'done') query = query.eq('status', 'concluida');
  if (q.state === 'overdue') query = query.in('status', OPEN).lt('due_date', q.today);
  if (q.priority) query = query.eq('priority', q.priority);
  const text = ilikeAny(['title', 'description'], q.search);
  if (text) {
    const clients = await clientIdsMatching(q.search);
    query = query.or(clients.length ? `${text},client_id.in.(${clients.join(',')})` : text);
  }
  if (q.state === 'all') query = query.order('completed_at', { ascending: true, nullsFirst: true });
  const { data, count } = await query
    .order('due_date', { ascending: true, nullsFirst: false })
    .order('created_at', { ascending: true })
    .order('id', { ascending: true })
    .range(from, to)
    .throwOnError();
  // inside the page, the same due date goes by priority (alta, média, baixa)
  return { rows: sortTasks(keepParsed(data, parseTask, 'tasks')), total: count ?? 0 };
}

export function useTasksPage(q: TaskListQuery) {
  return useQuery({
    queryKey: [...taskKeys.list(), q] as const,
    queryFn: () => fetchTasksPage(q),
    placeholderData: keepPreviousData,
    meta: { errorMessage: t.loadError },
  });
}

/** How many tasks are open (pendente or em andamento), counted by the database. */
export function useOpenTaskCount() {
  return useQuery({
    queryKey: taskKeys.pendingCount(),
    queryFn: async () => {
      const { count } = await supabase
        .from('tasks')
        .select('id', { count: 'exact', head: true })
        .in('status', OPEN)
        .throwOnError();
      return count ?? 0;
    },
    meta: { silent: true },
  });
}

export interface TaskComment {
  id: string;
  task_id: string;
  author_id: string | null;
  body: string;
  created_at: string;
}

export function useTaskComments(taskId: string | null) {
  return useQuery({
    queryKey: taskKeys.comments(taskId ?? ''),
    queryFn: async () => {
      const { data } = await supabase
        .from('task_comments')
        .select('id, task_id, author_id, body, created_at')
        .eq('task_id', taskId!)
        .order('created_at')
        .throwOnError();
      return (data ?? []) as TaskComment[];
    },
    enabled: Boolean(taskId),
    meta: { silent: true },
  });
}
