/**
 * Login form validation: email (trimmed, well-formed) and password required. Written by hand rather than with
 * zod: /auth is the first screen a phone opens, and zod would add about 35 kB (brotli) to its download.
 */
import type { FieldErrors, Resolver, ResolverResult } from 'react-hook-form';
import { authStrings } from './strings';

export interface LoginInput {
  email: string;
  password: string;
}

// zod's z.email() pattern, so the rule is the one the other forms apply.
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const loginResolver: Resolver<LoginInput> = async (values): Promise<ResolverResult<LoginInput>> => {
  const email = (values.email ?? '').trim();
  const password = values.password ?? '';
  const errors: FieldErrors<LoginInput> = {};
  if (!email) errors.email = { type: 'required', message: authStrings.emailRequired };
  else if (!EMAIL.test(email)) errors.email = { type: 'pattern', message: authStrings.emailInvalid };
  if (!password) errors.password = { type: 'required', message: authStrings.passwordRequired };
  return Object.keys(errors).length ? { values: {}, errors } : { values: { email, password }, errors: {} };
};

export function isInvalidCredentials(error: { code?: string; message?: string } | null | undefined): boolean {
  return error?.code === 'invalid_credentials' || error?.message === 'Invalid login credentials';
}

export function isAdminEmail(email: string, adminEmail: string): boolean {
  return email.trim().toLowerCase() !== '' && email.trim().toLowerCase() === adminEmail.trim().toLowerCase();
}
