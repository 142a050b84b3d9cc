import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';

/** update profiles set full_name where id = the user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, fullName }: { userId: string; fullName: string }) => {
      await supabase.from('profiles').update({ full_name: fullName }).eq('id', userId).throwOnError();
    },
    // the name shows in the staff lists, the users page and every author line
    onSuccess: () => invalidateTables(queryClient, ['profiles']),
  });
}
