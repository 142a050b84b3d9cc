/** The office's address and contacts and its responsible attorney (office_settings columns): form schema, masks,
 * and the conversion to the row (an empty field is saved as null). The database checks the same rules. */
import { z } from 'zod';
import type { Tables } from '@/lib/database.types';
import { usNationalDigits } from '@/lib/phone';
import { configuracoesStrings } from '../strings';

const t = configuracoesStrings.profile;

/** USPS codes of the states, DC and the territories (public.is_us_state_code). */
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY',
  'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH',
  'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
  'AS', 'GU', 'MP', 'PR', 'VI',
] as const; // prettier-ignore

export const PROFILE_FIELDS = [
  'office_street',
  'office_suite',
  'office_city',
  'office_state',
  'office_zip',
  'office_phone',
  'office_email',
  'office_website',
  'attorney_name',
  'attorney_bar_number',
  'attorney_bar_state',
  'attorney_licensing_authority',
  'attorney_eoir_id',
  'attorney_email',
  'attorney_phone',
  'attorney_mobile',
  'attorney_fax',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type OfficeProfile = Pick<Tables<'office_settings'>, ProfileField>;
/** PROFILE_FIELDS as one select list, written out so supabase-js types the result (the test checks they agree). */
export const PROFILE_COLUMNS =
  'office_street, office_suite, office_city, office_state, office_zip, office_phone, office_email, office_website, attorney_name, attorney_bar_number, attorney_bar_state, attorney_licensing_authority, attorney_eoir_id, attorney_email, attorney_phone, attorney_mobile, attorney_fax';

/** An optional text field: '' is allowed (stored as null), anything else must pass `check`. */
function optional(check: (value: string) => boolean, message: string) {
  return z
    .string()
    .trim()
    .refine((value) => value === '' || check(value), message);
}

const between = (min: number, max: number) => (value: string) => value.length >= min && value.length <= max;
const isEmail = (value: string) => value.length <= 254 && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value);
const isPhone = (value: string) => /^\+?[0-9 ().-]+$/.test(value) && /^\d{10,15}$/.test(value.replace(/\D/g, ''));
const isState = (value: string) => (US_STATES as readonly string[]).includes(value.toUpperCase());

export const officeProfileSchema = z.object({
  office_street: optional(between(3, 120), t.streetInvalid),
  office_suite: optional(between(1, 40), t.suiteInvalid),
  office_city: optional(between(2, 80), t.cityInvalid),
  office_state: optional(isState, t.stateInvalid),
  office_zip: optional((v) => /^\d{5}(-\d{4})?$/.test(v), t.zipInvalid),
  office_phone: optional(isPhone, t.phoneInvalid),
  office_email: optional(isEmail, t.emailInvalid),
  office_website: optional(
    (v) => v.length <= 200 && /^(https?:\/\/)?[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(\/\S*)?$/i.test(v),
    t.websiteInvalid,
  ),
  attorney_name: optional(between(3, 120), t.attorneyNameInvalid),
  attorney_bar_number: optional((v) => /^[A-Za-z0-9][A-Za-z0-9 ./-]{0,29}$/.test(v), t.barNumberInvalid),
  attorney_bar_state: optional(isState, t.stateInvalid),
  attorney_licensing_authority: optional(between(3, 160), t.authorityInvalid),
  attorney_eoir_id: optional((v) => /^[A-Z0-9]{4,12}$/i.test(v), t.eoirInvalid),
  attorney_email: optional(isEmail, t.emailInvalid),
  attorney_phone: optional(isPhone, t.phoneInvalid),
  attorney_mobile: optional(isPhone, t.mobileInvalid),
  attorney_fax: optional(isPhone, t.faxInvalid),
});
export type OfficeProfileInput = z.infer<typeof officeProfileSchema>;

export function toProfileForm(row: Partial<OfficeProfile> | null | undefined): OfficeProfileInput {
  return Object.fromEntries(PROFILE_FIELDS.map((f) => [f, row?.[f] ?? ''])) as OfficeProfileInput;
}

/** The row to save: trimmed, codes in upper case, e-mails in lower case, '' as null. */
export function toProfileRow(form: OfficeProfileInput): OfficeProfile {
  const row = {} as OfficeProfile;
  for (const field of PROFILE_FIELDS) {
    let value = form[field].trim();
    if (field === 'office_state' || field === 'attorney_bar_state' || field === 'attorney_eoir_id') {
      value = value.toUpperCase();
    }
    if (field === 'office_email' || field === 'attorney_email') value = value.toLowerCase();
    row[field] = value === '' ? null : value;
  }
  return row;
}

/** ZIP as typed: digits only, the hyphen of ZIP+4 added after the fifth digit. */
export function maskZip(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 9);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/** On leaving the field: a US number (10 digits, or 11 starting with 1) is written +1 (617) 555-0100; any
 * other number (another country's) is left as typed. */
export function formatPhone(input: string): string {
  const digits = usNationalDigits(input);
  if (!digits) return input.trim();
  return `+1 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** The pt-BR message of a check the database refused (its constraint name is in the error), or null. */
export function constraintMessage(message: string): string | null {
  for (const [constraint, text] of Object.entries(t.constraints)) {
    if (message.includes(constraint)) return text;
  }
  return null;
}
