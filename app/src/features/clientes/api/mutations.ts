import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';
import { toCreateClientArgs, type NewClientInput } from '../schemas';

/** create_client_user(email, password, full_name, phone, address); the list reloads afterwards. */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: NewClientInput) => {
      const { error } = await supabase.rpc('create_client_user', toCreateClientArgs(values));
      if (error) throw error;
    },
    onSuccess: () => invalidateTables(queryClient, ['clients', 'profiles', 'user_roles']),
  });
}
