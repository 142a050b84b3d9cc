import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';
import { interactionPayload, type InteractionInput, type InteractionStatus } from '../schemas';

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => invalidateTables(queryClient, ['interactions']);
}

export function useCreateInteraction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: InteractionInput) => {
      await supabase.from('interactions').insert(interactionPayload(input)).throwOnError();
    },
    onSuccess: invalidate,
  });
}

export function useUpdateInteraction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: InteractionInput }) => {
      const { data } = await supabase
        .from('interactions')
        .update(interactionPayload(input))
        .eq('id', id)
        .select('id')
        .throwOnError();
      if (!data || data.length === 0) throw new Error('Interação não encontrada');
    },
    onSuccess: invalidate,
  });
}

export function useSetInteractionStatus() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: InteractionStatus }) => {
      const { data } = await supabase.from('interactions').update({ status }).eq('id', id).select('id').throwOnError();
      if (!data || data.length === 0) throw new Error('Interação não encontrada');
    },
    onSuccess: invalidate,
  });
}
