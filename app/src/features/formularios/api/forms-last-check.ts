/** When the weekly forms edition job last ran (any staff member may ask; details stay admin-only). */
import { useQuery } from '@tanstack/react-query';
import { readsTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';

export interface FormsLastCheck {
  started_at: string | null;
  finished_at: string | null;
  status: string | null;
  checked_at: string | null;
}

const formsLastCheckKey = ['cron', 'forms-last-check'] as const;
// registered here too: the forms library shows this line without loading the scheduled jobs screen
readsTables(formsLastCheckKey, ['cron.job_run_details']);

export function useFormsLastCheck() {
  return useQuery({
    queryKey: formsLastCheckKey,
    queryFn: async () => {
      const { data } = await supabase.rpc('uscis_forms_last_check').throwOnError();
      const rows = (data ?? []) as FormsLastCheck[];
      return rows[0] ?? null;
    },
    meta: { silent: true },
  });
}
