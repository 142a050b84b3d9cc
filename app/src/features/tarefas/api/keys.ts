/** Query keys of the tasks. */
import { readsTables } from '@/lib/data-keys';
export const taskKeys = {
  all: ['tasks'] as const,
  list: () => [...taskKeys.all, 'list'] as const,
  comments: (taskId: string) => [...taskKeys.all, 'comments', taskId] as const,
  recent: () => [...taskKeys.all, 'recent'] as const,
  pendingCount: () => [...taskKeys.all, 'pending-count'] as const,
};

readsTables(taskKeys.all, ['tasks', 'task_comments', 'clients', 'processes']);
