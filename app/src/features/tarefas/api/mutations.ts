/** Writes of the tasks: save, delete, change status, comment. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';
import type { Task } from '../lib/tasks';

export type TaskRow = Pick<
  Task,
  'title' | 'description' | 'assignee_id' | 'due_date' | 'priority' | 'status' | 'client_id' | 'process_id'
>;

export function useSaveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: { id: string; row: Partial<TaskRow> } | { id: null; row: TaskRow }) => {
      if (save.id === null) await supabase.from('tasks').insert(save.row).throwOnError();
      else await supabase.from('tasks').update(save.row).eq('id', save.id).throwOnError();
    },
    onSuccess: () => invalidateTables(queryClient, ['tasks']),
  });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await supabase.from('tasks').delete().eq('id', id).throwOnError();
    },
    onSuccess: () => invalidateTables(queryClient, ['tasks', 'task_comments']),
  });
}

export function useAddComment(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) => {
      await supabase.from('task_comments').insert({ task_id: taskId, body }).throwOnError();
    },
    onSuccess: () => invalidateTables(queryClient, ['task_comments']),
  });
}
