import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/** update profiles set full_name where id = the user. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: async ({ userId, fullName }: { userId: string; fullName: string }) => {
      await supabase.from('profiles').update({ full_name: fullName }).eq('id', userId).throwOnError();
    },
  });
}
