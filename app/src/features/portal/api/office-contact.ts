import { useQuery } from '@tanstack/react-query';
import { useIdle } from '@/hooks/use-idle';
import { supabase } from '@/lib/supabase';
import type { OfficeContact } from '../rules/office-contact';
import { officeContactKey } from './keys';

const AN_HOUR_MS = 60 * 60 * 1000;

/** office_contact(): the office's name, address, phone, e-mail and website (never the attorney's bar data). */
export async function fetchOfficeContact(): Promise<OfficeContact | null> {
  const { data } = await supabase.rpc('office_contact').throwOnError();
  const rows = (Array.isArray(data) ? data : [data]) as (OfficeContact | null)[];
  return rows[0] ?? null;
}

/** Read once the first screen is idle (the card sits below the overview); the details rarely change. A failure
 * hides the card instead of alarming the client. */
export function useOfficeContact() {
  const idle = useIdle();
  return useQuery({
    queryKey: officeContactKey,
    queryFn: fetchOfficeContact,
    enabled: idle,
    staleTime: AN_HOUR_MS,
    retry: false,
    meta: { silent: true },
  });
}
