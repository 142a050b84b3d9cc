/** The outbox, for administrators: list with a status filter, and re-send of dead deliveries. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateTables, readsTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';

export type DeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'dead';

export interface Delivery {
  id: string;
  channel: 'email' | 'whatsapp' | 'in_app';
  recipient: string;
  template: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string;
  provider_status: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  payload: { title?: string; recipient_name?: string };
}

export const deliveryKeys = {
  all: ['notification-deliveries'] as const,
  list: (status: string) => ['notification-deliveries', status] as const,
};

readsTables(deliveryKeys.all, ['notification_deliveries']);

export function useDeliveries(status: DeliveryStatus | 'all') {
  return useQuery({
    queryKey: deliveryKeys.list(status),
    queryFn: async (): Promise<Delivery[]> => {
      let query = supabase
        .from('notification_deliveries')
        .select(
          'id, channel, recipient, template, status, attempts, next_attempt_at, provider_status, last_error, created_at, sent_at, payload',
        )
        .neq('channel', 'in_app')
        .order('created_at', { ascending: false })
        .limit(200);
      if (status !== 'all') query = query.eq('status', status);
      const { data, error } = await query;
      if (error) throw error;
      return (data ?? []) as Delivery[];
    },
    placeholderData: keepPreviousData,
  });
}

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await supabase.rpc('resend_delivery', { p_id: id });
      if (error) throw error;
    },
    onSettled: () => invalidateTables(queryClient, ['notification_deliveries']),
  });
}
