import { readsTables } from '@/lib/data-keys';
/** Query keys of user management. */
export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
};

readsTables(userKeys.all, ['profiles', 'user_roles', 'clients']);
