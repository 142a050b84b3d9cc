/** The outbox, for administrators: list with a status filter, and re-send of dead deliveries. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateTables, readsTables } from '@/lib/data-keys';
import { pageRange, type Page } from '@/lib/paging';
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
  page: (status: string, page: number, pageSize: number) =>
    ['notification-deliveries', status, page, pageSize] as const,
};

readsTables(deliveryKeys.all, ['notification_deliveries']);

/**
 * One page of the outbox (e-mail and WhatsApp; in-app notifications are no deliveries to show), newest first,
 * with the exact number of deliveries the status filter matches.
 */
export async function fetchDeliveriesPage(
  status: DeliveryStatus | 'all',
  page: number,
  pageSize: number,
): Promise<Page<Delivery>> {
  const { from, to } = pageRange(page, pageSize);
  let query = supabase
    .from('notification_deliveries')
    .select(
      'id, channel, recipient, template, status, attempts, next_attempt_at, provider_status, last_error, created_at, sent_at, payload',
      { count: 'exact' },
    )
    .neq('channel', 'in_app');
  if (status !== 'all') query = query.eq('status', status);
  const { data, count } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, to)
    .throwOnError();
  return { rows: (data ?? []) as Delivery[], total: count ?? 0 };
}

export function useDeliveries(status: DeliveryStatus | 'all', page: number, pageSize: number) {
  return useQuery({
    queryKey: deliveryKeys.page(status, page, pageSize),
    queryFn: () => fetchDeliveriesPage(status, page, pageSize),
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
