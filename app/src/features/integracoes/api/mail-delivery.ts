/** The mail-delivery server function: where the office's e-mails go (administrators only). */
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { integrationKeys } from './keys';

export type MailDeliveryKind = 'smtp' | 'local_sink' | 'none';

export interface MailDelivery {
  kind: MailDeliveryKind;
  /** host:port of the SMTP server, or the local inbox's address */
  address: string;
}

export async function fetchMailDelivery(): Promise<MailDelivery> {
  const { data, error } = await supabase.functions.invoke<MailDelivery>('mail-delivery', { method: 'GET' });
  if (error) throw error;
  if (!data || !['smtp', 'local_sink', 'none'].includes(data.kind)) throw new Error('resposta inesperada');
  return data;
}

export function useMailDelivery(enabled: boolean) {
  return useQuery({ queryKey: integrationKeys.mail(), queryFn: fetchMailDelivery, enabled, meta: { silent: true } });
}
