/** Calls the invite-staff server function; the error text it answers (pt-BR) or null on success. */
import { errorMessage } from '@/lib/errors';
import { functionBodyError } from '@/lib/functions';
import { supabase } from '@/lib/supabase';

export interface InviteInput {
  email: string;
  fullName: string;
  role: string;
}

export async function inviteStaff({ email, fullName, role }: InviteInput): Promise<string | null> {
  const { error } = await supabase.functions.invoke('invite-staff', {
    body: {
      email: email.trim(),
      full_name: fullName.trim(),
      role,
      redirect_to: `${window.location.origin}/definir-senha`,
    },
  });
  if (error) return (await functionBodyError(error)) ?? errorMessage(error);
  return null;
}
