import { describe, expect, it } from 'vitest';
import { fromForm, logoObjectName, parseOfficeSettings, reminderErrors, toForm, type OfficeSettings } from './settings';

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
  contract_reminder_days: 3,
  contract_reminder_max: 5,
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
    expect(form.contract_reminder_days).toBe('3');
    expect(fromForm({ ...form, contract_reminder_days: ' 7 ', contract_reminder_max: '0' })).toMatchObject({
      contract_reminder_days: 7,
      contract_reminder_max: 0,
    });
  });

  it('accepts the reminder ranges of the table (1..60 days, 0..20 reminders) and refuses the rest in pt-BR', () => {
    const ok = (days: string, max: string) =>
      reminderErrors({ contract_reminder_days: days, contract_reminder_max: max });
    expect(ok('1', '0')).toEqual({});
    expect(ok('60', '20')).toEqual({});
    for (const days of ['0', '61', '', '2.5', '-1', 'abc', '1e1']) {
      expect(ok(days, '5')).toEqual({ contract_reminder_days: 'Informe um número inteiro de 1 a 60 dias' });
    }
    for (const max of ['21', '', '1.5', '-1']) {
      expect(ok('3', max)).toEqual({ contract_reminder_max: 'Informe um número inteiro de 0 a 20' });
    }
    expect(Object.keys(ok('0', '21'))).toEqual(['contract_reminder_days', 'contract_reminder_max']);
    expect(() => fromForm({ ...toForm(settings), contract_reminder_days: '0' })).toThrow();
  });

  it('names logo objects uniquely with the file extension', () => {
    expect(logoObjectName({ name: 'Logo Final.PNG' }, 42)).toBe('logo-42.png');
    expect(logoObjectName({ name: 'sem-extensao' }, 7)).toBe('logo-7.png');
  });
});

describe('parseOfficeSettings', () => {
  it('keeps a row whose hours and templates have the shapes the form edits', () => {
    expect(parseOfficeSettings(settings)).toEqual(settings);
    // the table's default: every weekday, closed days as null
    const hours = { mon: { open: '09:00', close: '18:00' }, sat: null, sun: null };
    expect(parseOfficeSettings({ ...settings, business_hours: hours })?.business_hours).toEqual(hours);
  });

  it('refuses malformed JSON instead of showing (and saving) empty hours or templates', () => {
    expect(parseOfficeSettings({ ...settings, business_hours: ['mon'] })).toBeNull();
    expect(parseOfficeSettings({ ...settings, business_hours: { mon: { open: 9 } } })).toBeNull();
    expect(parseOfficeSettings({ ...settings, business_hours: { tue: '09:00-18:00' } })).toBeNull();
    expect(parseOfficeSettings({ ...settings, notification_templates: { task_due: 3 } })).toBeNull();
    expect(parseOfficeSettings({ ...settings, notification_templates: 'Lembrete' })).toBeNull();
  });

  it('ignores keys that are not weekdays', () => {
    const parsed = parseOfficeSettings({ ...settings, business_hours: { mon: null, holidays: ['12-25'] } });
    expect(parsed?.business_hours).toEqual({ mon: null });
  });
});
