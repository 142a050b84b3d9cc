/** When the weekly forms edition job last ran (any staff member may ask; details stay admin-only). */
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

export interface FormsLastCheck {
  started_at: string | null;
  finished_at: string | null;
  status: string | null;
  checked_at: string | null;
}

export function useFormsLastCheck() {
  return useQuery({
    queryKey: ['cron', 'forms-last-check'],
    queryFn: async () => {
      const { data } = await supabase.rpc('uscis_forms_last_check').throwOnError();
      const rows = (data ?? []) as FormsLastCheck[];
      return rows[0] ?? null;
    },
    meta: { silent: true },
  });
}
