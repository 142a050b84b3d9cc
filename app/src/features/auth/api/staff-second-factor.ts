/**
 * Whether a staff session must pass a second factor before the staff area opens: the office requires it
 * (office_settings.require_staff_mfa, read through staff_mfa_required()) and the session is below aal2.
 * The database refuses staff data to such a session anyway; this only leads the user to the right screen.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { readsTables } from '@/lib/data-keys';
import { useAuth } from '@/lib/auth-context';
import { supabase } from '@/lib/supabase';

export type StaffSecondFactor =
  | { type: 'ok' }
  /** A verified authenticator exists: ask its code. */
  | { type: 'verify'; factorId: string }
  /** No verified authenticator yet: guide the enrolment. */
  | { type: 'enroll' };

export const staffSecondFactorKeys = {
  all: ['auth', 'staff-second-factor'] as const,
  session: (userId: string, aal: string) => [...staffSecondFactorKeys.all, userId, aal] as const,
};

// whether the office requires a second factor of staff
readsTables(staffSecondFactorKeys.all, ['office_settings']);

/** The `aal` claim of an access token (read locally: the server verifies the token on every request). */
export function aalOf(accessToken: string | undefined): string {
  try {
    const payload = accessToken?.split('.')[1];
    if (!payload) return '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return (JSON.parse(json) as { aal?: string }).aal ?? '';
  } catch {
    return '';
  }
}

export async function fetchStaffSecondFactor(): Promise<StaffSecondFactor> {
  const { data: level } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (level?.currentLevel === 'aal2') return { type: 'ok' };
  const { data: required, error } = await supabase.rpc('staff_mfa_required');
  // Fail open here: the database is the authority, and a project without the setting must still open.
  if (error || required !== true) return { type: 'ok' };
  const factors = await supabase.auth.mfa.listFactors();
  const verified = factors.data?.totp.find((factor) => factor.status === 'verified');
  return verified ? { type: 'verify', factorId: verified.id } : { type: 'enroll' };
}

/** The check for the signed-in user's current session (a new query when the session's level changes). */
export function useStaffSecondFactor(enabled: boolean) {
  const { user, session } = useAuth();
  return useQuery({
    queryKey: staffSecondFactorKeys.session(user?.id ?? '', aalOf(session?.access_token)),
    queryFn: fetchStaffSecondFactor,
    enabled: enabled && !!user,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}
