import { describe, expect, it } from 'vitest';
import { fromForm, logoObjectName, toForm, type OfficeSettings } from './settings';

const settings: OfficeSettings = {
  office_name: 'Souza & Associados',
  logo_path: null,
  business_hours: { mon: { open: '09:00', close: '18:00' }, sat: null },
  time_zone: 'America/New_York',
  notification_templates: { task_due: 'A tarefa {tarefa} vence em {data}.' },
  hearing_prep_days: 30,
  rfe_response_days: 87,
  biometrics_lead_days: 14,
  document_expiry_alert_days: 90,
  translation_certification_template: 'I, {tradutor}, certify.',
};

describe('office settings form', () => {
  it('round-trips, filling every weekday', () => {
    const form = toForm(settings);
    expect(form.business_hours.sun).toBeNull();
    expect(form.business_hours.mon).toEqual({ open: '09:00', close: '18:00' });
    const row = fromForm({ ...form, office_name: '  Souza  ' });
    expect(row.office_name).toBe('Souza');
    expect(row.rfe_response_days).toBe(87);
    expect(row.document_expiry_alert_days).toBe(90);
  });

  it('names logo objects uniquely with the file extension', () => {
    expect(logoObjectName({ name: 'Logo Final.PNG' }, 42)).toBe('logo-42.png');
    expect(logoObjectName({ name: 'sem-extensao' }, 7)).toBe('logo-7.png');
  });
});
