/** What the auth e-mails' links bring back, and the calls around them (the client does not read URLs itself). */
import { supabase } from '@/lib/supabase';

export interface FragmentResult {
  /** A session was taken from the link. */
  signedIn: boolean;
  /** The link's error (expired, already used...), in the auth server's words. */
  error: string | null;
  type: string | null;
}

/** Takes the session from `#access_token=...&refresh_token=...` (or the link's error) and clears the fragment. */
export async function sessionFromFragment(hash: string = window.location.hash): Promise<FragmentResult> {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const clear = () => window.history.replaceState(null, '', window.location.pathname + window.location.search);
  if (params.get('error') || params.get('error_description')) {
    clear();
    return { signedIn: false, error: params.get('error_description') ?? params.get('error'), type: null };
  }
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  if (!accessToken || !refreshToken) return { signedIn: false, error: null, type: null };
  clear();
  const { error } = await supabase.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
  return { signedIn: !error, error: error?.message ?? null, type: params.get('type') };
}

/** Sends the sign-in link (and code) to an existing account; no account is created from the login page. */
export async function sendMagicLink(email: string): Promise<string | null> {
  const { error } = await supabase.auth.signInWithOtp({
    email: email.trim(),
    options: { shouldCreateUser: false, emailRedirectTo: `${window.location.origin}/auth` },
  });
  return error ? error.message : null;
}

/** The verified TOTP factor to challenge when the session is at aal1 but the user has a second factor. */
export async function pendingSecondFactor(): Promise<string | null> {
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error || !data || data.currentLevel !== 'aal1' || data.nextLevel !== 'aal2') return null;
  const factors = await supabase.auth.mfa.listFactors();
  return factors.data?.totp.find((factor) => factor.status === 'verified')?.id ?? null;
}

/** The user's roles, read right after the session changed (the auth context may not have them yet). */
export async function currentRoles(): Promise<string[]> {
  const { data: user } = await supabase.auth.getUser();
  if (!user.user) return [];
  const { data } = await supabase.from('user_roles').select('role').eq('user_id', user.user.id);
  return (data ?? []).map((row: { role: string }) => row.role);
}
