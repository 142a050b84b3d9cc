/** New client form (spec section 5): full name, e-mail and password required; phone and address optional. */
import { z } from 'zod';
import { clientesStrings as t } from './strings';

export const newClientSchema = z.object({
  full_name: z.string().trim().min(1, t.required),
  email: z.string().trim().min(1, t.required),
  password: z.string().min(1, t.required),
  phone: z.string().trim(),
  address: z.string().trim(),
});

export type NewClientInput = z.infer<typeof newClientSchema>;

export const emptyNewClient: NewClientInput = { full_name: '', email: '', password: '', phone: '', address: '' };

/** True when the three required fields have content (the submit button is enabled). */
export function hasRequiredFields(values: Pick<NewClientInput, 'full_name' | 'email' | 'password'>): boolean {
  return values.full_name.trim() !== '' && values.email.trim() !== '' && values.password !== '';
}

/** Arguments of create_client_user: empty phone and address are sent as null. */
export function toCreateClientArgs(values: NewClientInput) {
  return {
    email: values.email.trim(),
    password: values.password,
    full_name: values.full_name.trim(),
    phone: values.phone.trim() || null,
    address: values.address.trim() || null,
  };
}
