/** Login form validation: email and password required. */
import { z } from 'zod';
import { authStrings } from './strings';

export const loginSchema = z.object({
  email: z.string().trim().min(1, authStrings.emailRequired).pipe(z.email(authStrings.emailInvalid)),
  password: z.string().min(1, authStrings.passwordRequired),
});

export type LoginInput = z.infer<typeof loginSchema>;

export function isInvalidCredentials(error: { code?: string; message?: string } | null | undefined): boolean {
  return error?.code === 'invalid_credentials' || error?.message === 'Invalid login credentials';
}

export function isAdminEmail(email: string, adminEmail: string): boolean {
  return email.trim().toLowerCase() !== '' && email.trim().toLowerCase() === adminEmail.trim().toLowerCase();
}
