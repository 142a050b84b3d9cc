import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { toCreateClientArgs, type NewClientInput } from '../schemas';
import { clientKeys } from './keys';

/** create_client_user(email, password, full_name, phone, address); the list reloads afterwards. */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: NewClientInput) => {
      const { error } = await supabase.rpc('create_client_user', toCreateClientArgs(values));
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
