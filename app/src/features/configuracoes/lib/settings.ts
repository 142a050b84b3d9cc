/** Office settings (pure): the row, the form state, the validation, and the conversion both ways. */
import { z } from 'zod';
import type { Json, Tables } from '@/lib/database.types';
import { configuracoesStrings as t } from '../strings';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type Hours = Record<Weekday, { open: string; close: string } | null>;

export interface OfficeSettings
  extends Pick<
    Tables<'office_settings'>,
    | 'office_name'
    | 'logo_path'
    | 'time_zone'
    | 'hearing_prep_days'
    | 'rfe_response_days'
    | 'biometrics_lead_days'
    | 'document_expiry_alert_days'
    | 'translation_certification_template'
    /** A contract sent for signature and not signed is reminded every this many days (1..60). */
    | 'contract_reminder_days'
    /** At most this many reminders per contract sent (0..20; 0: none). */
    | 'contract_reminder_max'
  > {
  business_hours: Partial<Hours>;
  notification_templates: Record<string, string>;
}

/** A weekday's hours ("09:00" to "18:00"), or null when the office is closed; days left out are closed too. */
const daySchema = z.object({ open: z.string(), close: z.string() }).nullable().optional();
const hoursSchema = z.object({
  mon: daySchema,
  tue: daySchema,
  wed: daySchema,
  thu: daySchema,
  fri: daySchema,
  sat: daySchema,
  sun: daySchema,
});
/** Each message template by its key (appointment_reminder, task_due...). */
const templatesSchema = z.record(z.string(), z.string());

/**
 * The row with its two JSON columns checked against the shapes the form edits, or null when either has another
 * shape: the caller reports a load error (the form is not shown) rather than show, and then save, empty hours or
 * templates in place of what is stored.
 */
export function parseOfficeSettings<R extends { business_hours: Json; notification_templates: Json }>(
  row: R,
):
  | (Omit<R, 'business_hours' | 'notification_templates'> &
      Pick<OfficeSettings, 'business_hours' | 'notification_templates'>)
  | null {
  const hours = hoursSchema.safeParse(row.business_hours);
  const templates = templatesSchema.safeParse(row.notification_templates);
  if (!hours.success || !templates.success) return null;
  return { ...row, business_hours: hours.data, notification_templates: templates.data };
}

export const SETTINGS_COLUMNS =
  'office_name, logo_path, business_hours, time_zone, notification_templates, hearing_prep_days, rfe_response_days, biometrics_lead_days, document_expiry_alert_days, translation_certification_template, contract_reminder_days, contract_reminder_max';

export interface SettingsForm
  extends Omit<OfficeSettings, 'business_hours' | 'logo_path' | 'contract_reminder_days' | 'contract_reminder_max'> {
  business_hours: Hours;
  /** As typed (a number input's text), checked by reminderSchema before saving. */
  contract_reminder_days: string;
  contract_reminder_max: string;
}

/** A whole number in [min, max] typed as text; the same ranges as the table's checks. */
const wholeBetween = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message);

export const reminderSchema = z.object({
  contract_reminder_days: wholeBetween(1, 60, t.reminderDaysInvalid),
  contract_reminder_max: wholeBetween(0, 20, t.reminderMaxInvalid),
});
export type ReminderErrors = Partial<Record<keyof z.input<typeof reminderSchema>, string>>;

/** The reminder fields' problems, by field (empty when both are valid). */
export function reminderErrors(form: Pick<SettingsForm, 'contract_reminder_days' | 'contract_reminder_max'>) {
  const parsed = reminderSchema.safeParse(form);
  const errors: ReminderErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof ReminderErrors;
      errors[key] ??= issue.message;
    }
  }
  return errors;
}

export function toForm(settings: OfficeSettings): SettingsForm {
  const hours = Object.fromEntries(WEEKDAYS.map((d) => [d, settings.business_hours?.[d] ?? null])) as Hours;
  return {
    office_name: settings.office_name,
    time_zone: settings.time_zone,
    notification_templates: { ...settings.notification_templates },
    hearing_prep_days: settings.hearing_prep_days,
    rfe_response_days: settings.rfe_response_days,
    biometrics_lead_days: settings.biometrics_lead_days,
    document_expiry_alert_days: settings.document_expiry_alert_days,
    translation_certification_template: settings.translation_certification_template ?? '',
    contract_reminder_days: String(settings.contract_reminder_days ?? 3),
    contract_reminder_max: String(settings.contract_reminder_max ?? 5),
    business_hours: hours,
  };
}

/** The row to save (the reminder fields must have passed reminderSchema). */
export function fromForm(form: SettingsForm): Omit<OfficeSettings, 'logo_path'> {
  const reminders = reminderSchema.parse(form);
  return {
    office_name: form.office_name.trim(),
    time_zone: form.time_zone,
    notification_templates: form.notification_templates,
    hearing_prep_days: Number(form.hearing_prep_days),
    rfe_response_days: Number(form.rfe_response_days),
    biometrics_lead_days: Number(form.biometrics_lead_days),
    document_expiry_alert_days: Number(form.document_expiry_alert_days),
    translation_certification_template: form.translation_certification_template,
    contract_reminder_days: reminders.contract_reminder_days,
    contract_reminder_max: reminders.contract_reminder_max,
    business_hours: form.business_hours,
  };
}

/** A storage name for an uploaded logo: a new name per upload, so browsers never show a stale one. */
export function logoObjectName(file: { name: string }, now = Date.now()): string {
  const ext = /\.([a-z0-9]{2,5})$/i.exec(file.name)?.[1]?.toLowerCase() ?? 'png';
  return `logo-${now}.${ext}`;
}
