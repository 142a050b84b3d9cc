/** New client form (spec section 5): full name, e-mail and password required; phone and address optional. */
import { z } from 'zod';
import { todayISO } from '@/lib/format';
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

/** Editing a client's record from its page: what the database checks, said before it is asked. */
export const clientRecordSchema = z.object({
  full_name: z.string().trim().min(3, t.record.nameMin),
  email: z.string().trim().min(1, t.record.emailRequired).email(t.record.emailInvalid),
  phone: z.string().trim(),
  address: z.string().trim(),
  a_number: z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
    .refine((value) => value === '' || /^A?\d{8,9}$/.test(value), t.record.aNumberInvalid)
    .transform((value) => (value === '' || value.startsWith('A') ? value : `A${value}`)),
  date_of_birth: z
    .string()
    .refine((value) => value === '' || !Number.isNaN(Date.parse(value)), t.record.birthInvalid)
    .refine((value) => value === '' || value >= '1900-01-01', t.record.birthInvalid)
    .refine((value) => value === '' || value <= todayISO(), t.record.birthFuture),
  nationality: z.string().trim().max(60, t.record.nationalityMax),
  passport_number: z
    .string()
    .trim()
    .transform((value) => value.replace(/\s/g, '').toUpperCase())
    .refine((value) => value === '' || /^[A-Z0-9]{5,20}$/.test(value), t.record.passportInvalid),
  passport_expires_on: z.string(),
  ead_expires_on: z.string(),
});

export type ClientRecordForm = z.input<typeof clientRecordSchema>;
export type ClientRecordValues = z.output<typeof clientRecordSchema>;

/** The form's values from the stored row (nulls as empty fields). */
export function toClientRecordForm(row: {
  full_name: string;
  email: string;
  phone: string | null;
  address: string | null;
  a_number: string | null;
  date_of_birth: string | null;
  nationality: string | null;
  passport_number?: string | null;
  passport_expires_on?: string | null;
  ead_expires_on?: string | null;
}): ClientRecordForm {
  return {
    full_name: row.full_name,
    email: row.email,
    phone: row.phone ?? '',
    address: row.address ?? '',
    a_number: row.a_number ?? '',
    date_of_birth: row.date_of_birth ?? '',
    nationality: row.nationality ?? '',
    passport_number: row.passport_number ?? '',
    passport_expires_on: row.passport_expires_on ?? '',
    ead_expires_on: row.ead_expires_on ?? '',
  };
}

/** The row to update: empty optional fields are stored as null. */
export function toClientRecordRow(values: ClientRecordValues) {
  return {
    full_name: values.full_name,
    email: values.email.toLowerCase(),
    phone: values.phone || null,
    address: values.address || null,
    a_number: values.a_number || null,
    date_of_birth: values.date_of_birth || null,
    nationality: values.nationality || null,
    passport_number: values.passport_number || null,
    passport_expires_on: values.passport_expires_on || null,
    ead_expires_on: values.ead_expires_on || null,
  };
}
