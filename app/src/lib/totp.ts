/** Authenticator-app (TOTP) enrolment through supabase-js, shared by Meu Perfil and the staff second-factor screen. */
import { supabase } from '@/lib/supabase';

export interface TotpEnrolment {
  id: string;
  qrCode: string;
  secret: string;
}

/** Starts an enrolment. The name is unique: an abandoned enrolment with the same name would be refused
 *  (mfa_factor_name_conflict). */
export async function startTotpEnrolment(appName: string): Promise<{ enrolment: TotpEnrolment } | { error: string }> {
  const { data, error } = await supabase.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: `${appName} ${new Date().toISOString().slice(0, 19)}`,
  });
  if (error || !data) return { error: error?.message ?? '' };
  return { enrolment: { id: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret } };
}

/** Confirms the enrolment with a six-digit code; false when the code is malformed or refused. */
export async function confirmTotp(factorId: string, code: string): Promise<boolean> {
  const digits = code.trim();
  if (!/^\d{6}$/.test(digits)) return false;
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code: digits });
  return !error;
}
