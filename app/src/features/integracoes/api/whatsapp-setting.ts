/** The `whatsapp` system setting, through the system-settings function (secrets come back masked). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateTables, readsTables } from '@/lib/data-keys';
import { env } from '@/config/env';
import { supabase } from '@/lib/supabase';
import type { WhatsAppSetting } from '../schemas';
import { integracoesStrings as t } from '../strings';

export type { WhatsAppSetting } from '../schemas';

const KEY = 'whatsapp';
const settingKeys = { whatsapp: ['system-settings', KEY] as const };
readsTables(settingKeys.whatsapp, ['system_settings']);

async function call(init: RequestInit, query = ''): Promise<Record<string, unknown>> {
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token ?? '';
  const response = await fetch(`${env.SUPABASE_URL.replace(/\/+$/, '')}/functions/v1/system-settings${query}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, apikey: env.SUPABASE_ANON_KEY, 'Content-Type': 'application/json' },
  });
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) {
    throw new Error(typeof body?.message === 'string' && body.message ? body.message : t.whatsappSaveFailed);
  }
  return body ?? {};
}

export function useWhatsAppSetting(enabled: boolean) {
  return useQuery({
    queryKey: settingKeys.whatsapp,
    enabled,
    queryFn: async () =>
      ((await call({ method: 'GET' }, `?key=${KEY}`)).data ?? null) as Partial<WhatsAppSetting> | null,
  });
}

export function useSaveWhatsAppSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: WhatsAppSetting) => call({ method: 'POST', body: JSON.stringify({ key: KEY, value }) }),
    onSettled: () => invalidateTables(queryClient, ['system_settings']),
  });
}
