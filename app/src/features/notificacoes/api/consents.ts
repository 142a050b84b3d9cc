/** A client's own channel consents (LGPD): read, and set through set_channel_consent. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateTables, readsTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';

export type Channel = 'email' | 'whatsapp';

export interface Consent {
  channel: Channel;
  granted: boolean;
  phone: string | null;
  granted_at: string | null;
  revoked_at: string | null;
}

const consentKeys = { all: ['channel-consents'] as const };
readsTables(consentKeys.all, ['client_channel_consents']);

export function useConsents() {
  return useQuery({
    queryKey: consentKeys.all,
    queryFn: async (): Promise<Consent[]> => {
      const { data, error } = await supabase
        .from('client_channel_consents')
        .select('channel, granted, phone, granted_at, revoked_at');
      if (error) throw error;
      return (data ?? []) as Consent[];
    },
  });
}

export function useSetConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vars: { channel: Channel; granted: boolean; phone?: string }) => {
      const { error } = await supabase.rpc('set_channel_consent', {
        p_channel: vars.channel,
        p_granted: vars.granted,
        p_phone: vars.phone?.trim() || null,
      });
      if (error) throw error;
    },
    onSettled: () => invalidateTables(queryClient, ['client_channel_consents']),
  });
}
