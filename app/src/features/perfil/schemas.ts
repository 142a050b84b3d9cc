/** Profile form (spec section 5): full_name at least 3 characters. */
import { z } from 'zod';
import { perfilStrings as t } from './strings';

export const profileSchema = z.object({
  full_name: z.string().trim().min(3, t.nameMin),
});

export type ProfileInput = z.infer<typeof profileSchema>;
