/** Query keys of the message thread (the portal's home reads the same thread). */
import { readsTables } from '@/lib/data-keys';
export const messageKeys = {
  all: ['messages'] as const,
  thread: (clientId: string) => [...messageKeys.all, 'thread', clientId] as const,
  client: (clientId: string) => [...messageKeys.all, 'client', clientId] as const,
};

readsTables(messageKeys.all, ['messages', 'clients']);
