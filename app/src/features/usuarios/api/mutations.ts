import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { TableRole } from '../roles';
import { userKeys } from './keys';

/** A role change replaces every role row of the user with the single new one (spec section 4). */
export async function changeUserRole({ userId, role }: { userId: string; role: TableRole }): Promise<void> {
  const { data: existing } = await supabase.from('user_roles').select('*').eq('user_id', userId).throwOnError();
  if (existing && existing.length > 0) {
    await supabase.from('user_roles').delete().eq('user_id', userId).throwOnError();
  }
  await supabase.from('user_roles').insert({ user_id: userId, role }).throwOnError();
}

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
