/** Profile form (spec section 5): full_name at least 3 characters. */
import { z } from 'zod';
import { perfilStrings as t } from './strings';

export const profileSchema = z.object({
  full_name: z.string().trim().min(3, t.nameMin),
});

export type ProfileInput = z.infer<typeof profileSchema>;

export const LOGO_MAX_BYTES = 1024 * 1024;

/** Why a chosen logo file is refused, or null when it is fine. */
export function logoFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return t.logoInvalid;
  if (file.size > LOGO_MAX_BYTES) return t.logoTooLarge;
  return null;
}
