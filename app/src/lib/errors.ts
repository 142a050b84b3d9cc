/** errorMessage(): the human text of anything thrown (PostgrestError, AuthError, Error, string). */
export function errorMessage(error: unknown, fallback = 'Erro desconhecido'): string {
  if (typeof error === 'string' && error) return error;
  if (error && typeof error === 'object' && 'message' in error) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}
