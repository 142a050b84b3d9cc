/** The Supabase client of the app, and a throwaway one that only checks a password; nothing else calls createClient. */
import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';
import type { Database } from '@/lib/database.types';

// supabase-js refuses an empty key; the server always provides one, this only keeps a
// misconfigured page from crashing before it can show an error.
const anonKey = env.SUPABASE_ANON_KEY || 'missing-anon-key';

export const supabase = createClient<Database>(env.SUPABASE_URL, anonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
});

export type PasswordCheck = 'ok' | 'wrong' | 'rate-limited';

/**
 * Whether `password` is the account's current password: a sign-in through a second client that keeps nothing
 * (the app's own session is untouched) and signs out again at once. Being a sign-in, failures count towards the
 * auth server's sign-in limits, so the check cannot be used to guess a password faster than the log-in page.
 */
export async function checkPassword(email: string, password: string): Promise<PasswordCheck> {
  const probe = createClient<Database>(env.SUPABASE_URL, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: 'password-check' },
  });
  const { data, error } = await probe.auth.signInWithPassword({ email, password });
  if (error?.status === 429 || error?.code === 'over_request_rate_limit') return 'rate-limited';
  if (error?.status === 400 || error?.code === 'invalid_credentials') return 'wrong';
  if (error) throw error;
  if (!data.session) return 'wrong';
  await probe.auth.signOut({ scope: 'local' });
  return 'ok';
}
