import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';
import type { TableRole } from '../roles';

/**
 * A role change leaves the user with the single new role (spec section 4). The new role is added first and
 * the others removed after, so a refused change (the database keeps staff and clients apart) takes nothing away.
 */
export async function changeUserRole({ userId, role }: { userId: string; role: TableRole }): Promise<void> {
  const { data: existing } = await supabase.from('user_roles').select('*').eq('user_id', userId).throwOnError();
  const held = ((existing ?? []) as { role: string }[]).map((row) => row.role);
  if (!held.includes(role)) {
    await supabase.from('user_roles').insert({ user_id: userId, role }).throwOnError();
  }
  if (held.some((other) => other !== role)) {
    await supabase.from('user_roles').delete().eq('user_id', userId).neq('role', role).throwOnError();
  }
}

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserRole,
    onSettled: () => invalidateTables(queryClient, ['user_roles', 'profiles']),
  });
}
