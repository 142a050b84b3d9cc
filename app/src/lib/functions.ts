/** Calls to the server (edge) functions: the error text of a failed call's JSON body, and a call that sends the
 * signed-in user's access token. Shared by every feature that calls a function. */
import { errorMessage } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** Thrown when there is no session (the screen shows the spec's "Authentication required..." toast). */
export class AuthRequiredError extends Error {
  constructor() {
    super('Authentication required');
    this.name = 'AuthRequiredError';
  }
}

/** The `error` (or `message`) field of a failed function's JSON body, or null when the body says nothing. */
export async function functionBodyError(error: unknown): Promise<string | null> {
  const context = (error as { context?: unknown } | null)?.context;
  if (context instanceof Response) {
    try {
      const body: unknown = await context.clone().json();
      if (body && typeof body === 'object') {
        const value = 'error' in body ? (body as { error: unknown }).error : undefined;
        if (typeof value === 'string' && value) return value;
        if (value && typeof value === 'object' && 'message' in value)
          return String((value as { message: unknown }).message);
        const message = 'message' in body ? (body as { message: unknown }).message : undefined;
        if (typeof message === 'string' && message) return message;
      }
    } catch {
      // not JSON: the caller falls back to the error's own message
    }
  }
  return null;
}

/** Calls a function with the session's token; throws the body's error text, else `fallbackError` when given (a
 * screen's own pt-BR message), else the error's message. */
export async function invokeFunction<T>(
  name: string,
  body: Record<string, unknown>,
  { fallbackError }: { fallbackError?: string } = {},
): Promise<T> {
  const { data: sessionData } = await supabase.auth.getSession();
  const token = sessionData.session?.access_token;
  if (!token) throw new AuthRequiredError();
  const { data, error } = await supabase.functions.invoke<T>(name, {
    body,
    headers: { Authorization: `Bearer ${token}` },
  });
  if (error) throw new Error((await functionBodyError(error)) ?? fallbackError ?? errorMessage(error));
  return data as T;
}

/** A blob: URL for bytes a function answered in base64 (a PDF, a PNG); the caller revokes it. */
export function base64ObjectUrl(base64: string, type: string): string {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return URL.createObjectURL(new Blob([bytes], { type }));
}

/** A blob: URL for a base64 PDF (e.g. a sample fill, returned and not stored). */
export const pdfObjectUrl = (base64: string): string => base64ObjectUrl(base64, 'application/pdf');
