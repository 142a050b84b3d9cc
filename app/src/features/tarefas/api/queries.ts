/** Reads of the tasks: the list (with the client's name) and a task's comments. */
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { TASK_COLUMNS, type Task } from '../lib/tasks';
import { tarefasStrings as t } from '../strings';
import { taskKeys } from './keys';

export async function fetchTasks(): Promise<Task[]> {
  const { data } = await supabase
    .from('tasks')
    .select(TASK_COLUMNS)
    .order('due_date', { nullsFirst: false })
    .limit(1000)
    .throwOnError();
  return (data ?? []) as unknown as Task[];
}

export function useTasks() {
  return useQuery({ queryKey: taskKeys.list(), queryFn: fetchTasks, meta: { errorMessage: t.loadError } });
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
