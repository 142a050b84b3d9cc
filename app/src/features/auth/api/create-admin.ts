/** Calls the create-admin-user server function; returns the error text (the body's `error` field when present) or null. */
import { errorMessage } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export async function bodyError(error: unknown): Promise<string | null> {
  const context = (error as { context?: unknown }).context;
  if (context instanceof Response) {
    try {
      const body: unknown = await context.clone().json();
      if (body && typeof body === 'object' && 'error' in body) {
        const value = (body as { error: unknown }).error;
        if (typeof value === 'string') return value;
        if (value && typeof value === 'object' && 'message' in value)
          return String((value as { message: unknown }).message);
      }
    } catch {
      // not JSON: fall back to the error's own message
    }
  }
  return null;
}

/** `setupCode`: the one-time code printed on the server, asked for in production. */
export async function createAdminUser(email: string, password: string, setupCode?: string): Promise<string | null> {
  const body: Record<string, string> = { email, password, full_name: 'Administrador' };
  if (setupCode !== undefined) body.setup_code = setupCode;
  const { data, error } = await supabase.functions.invoke('create-admin-user', { body });
  if (error) return (await bodyError(error)) ?? errorMessage(error);
  if (data && typeof data === 'object' && 'error' in data && (data as { error: unknown }).error) {
    return String((data as { error: unknown }).error);
  }
  return null;
}
