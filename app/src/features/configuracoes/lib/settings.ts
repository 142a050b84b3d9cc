/** Office settings (pure): the row, the form state, and the conversion both ways. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type Hours = Record<Weekday, { open: string; close: string } | null>;

export interface OfficeSettings {
  office_name: string;
  logo_path: string | null;
  business_hours: Partial<Hours>;
  time_zone: string;
  notification_templates: Record<string, string>;
  hearing_prep_days: number;
  rfe_response_days: number;
  biometrics_lead_days: number;
  document_expiry_alert_days: number;
  translation_certification_template: string;
}

export const SETTINGS_COLUMNS =
  'office_name, logo_path, business_hours, time_zone, notification_templates, hearing_prep_days, rfe_response_days, biometrics_lead_days, document_expiry_alert_days, translation_certification_template';

export interface SettingsForm extends Omit<OfficeSettings, 'business_hours' | 'logo_path'> {
  business_hours: Hours;
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
    business_hours: hours,
  };
}

/** The row to save. */
export function fromForm(form: SettingsForm): Omit<OfficeSettings, 'logo_path'> {
  return {
    office_name: form.office_name.trim(),
    time_zone: form.time_zone,
    notification_templates: form.notification_templates,
    hearing_prep_days: Number(form.hearing_prep_days),
    rfe_response_days: Number(form.rfe_response_days),
    biometrics_lead_days: Number(form.biometrics_lead_days),
    document_expiry_alert_days: Number(form.document_expiry_alert_days),
    translation_certification_template: form.translation_certification_template,
    business_hours: form.business_hours,
  };
}

/** A storage name for an uploaded logo: a new name per upload, so browsers never show a stale one. */
export function logoObjectName(file: { name: string }, now = Date.now()): string {
  const ext = /\.([a-z0-9]{2,5})$/i.exec(file.name)?.[1]?.toLowerCase() ?? 'png';
  return `logo-${now}.${ext}`;
}
