/**
 * Signs the app's real supabase-js client in against the MSW stand-in, so code that reads the session
 * (access token, assurance level, factors) sees a real one:
 *
 *   await signInAs({ id: 'u1', email: 'ana@escritorio.test', factors: [{ id: 'f1', status: 'verified' }] });
 *   await signInAs({ id: 'u1', email: 'ana@escritorio.test' }, { aal2: true });   // passed a second factor too
 */
import type { Session } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';
import { db, TOTP_CODE, type TestUser } from './supabase-server';

const PASSWORD = 'senha-de-teste';

export async function signInAs(user: Omit<TestUser, 'password'>, { aal2 = false } = {}): Promise<Session> {
  const factors = aal2 && !user.factors?.length ? [{ id: 'factor-1', status: 'verified' as const }] : user.factors;
  db.addUser({ ...user, factors, password: PASSWORD });
  const { data, error } = await supabase.auth.signInWithPassword({ email: user.email, password: PASSWORD });
  if (error || !data.session) throw error ?? new Error('no session');
  if (!aal2) return data.session;
  const verified = await supabase.auth.mfa.challengeAndVerify({ factorId: factors![0]!.id, code: TOTP_CODE });
  if (verified.error) throw verified.error;
  return (await supabase.auth.getSession()).data.session!;
}
