/** Calls the create-admin-user server function; returns the error text (the body's `error` field when present) or null. */
import { errorMessage } from '@/lib/errors';
import { functionBodyError } from '@/lib/functions';
import { supabase } from '@/lib/supabase';

/** `setupCode`: the one-time code printed on the server, asked for in production. */
export async function createAdminUser(email: string, password: string, setupCode?: string): Promise<string | null> {
  const body: Record<string, string> = { email, password, full_name: 'Administrador' };
  if (setupCode !== undefined) body.setup_code = setupCode;
  const { data, error } = await supabase.functions.invoke('create-admin-user', { body });
  if (error) return (await functionBodyError(error)) ?? errorMessage(error);
  if (data && typeof data === 'object' && 'error' in data && (data as { error: unknown }).error) {
    return String((data as { error: unknown }).error);
  }
  return null;
}
