/** The administrator's form for the office settings: name, logo, time zone, hours, templates, case types, deadlines,
 * contract signature reminders. */
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { CompanyLogo } from '@/components/company-logo';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { logoUrl } from '@/lib/branding';
import { errorMessage } from '@/lib/errors';
import { useOfficeSettings, useSaveOfficeSettings } from '../api/settings';
import { fromForm, reminderErrors, toForm, WEEKDAYS, type ReminderErrors, type SettingsForm } from '../lib/settings';
import { configuracoesStrings as t } from '../strings';
import { fill } from '@/lib/strings';

const TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Europe/Lisbon',
];

export function OfficeSettingsForm({ canEdit }: { canEdit: boolean }) {
  const settings = useOfficeSettings();
  const save = useSaveOfficeSettings();
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [logo, setLogo] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [reminderProblems, setReminderProblems] = useState<ReminderErrors>({});

  // The form follows each load of the settings (adjusted while rendering, so no frame shows the old ones).
  const [loaded, setLoaded] = useState(settings.data);
  if (settings.data !== loaded) {
    setLoaded(settings.data);
    if (settings.data) setForm(toForm(settings.data));
  }

  if (settings.isPending || !form) return <Skeleton className="h-64" />;
  const set = <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) =>
    setForm((f) => (f ? { ...f, [key]: value } : f));
  const preview = logo ? URL.createObjectURL(logo) : removeLogo ? null : logoUrl(settings.data?.logo_path);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!form) return;
    const tooShort = form.office_name.trim().length < 2;
    const reminders = reminderErrors(form);
    setProblem(tooShort ? t.nameTooShort : null);
    setReminderProblems(reminders);
    if (tooShort || Object.keys(reminders).length > 0) return;
    try {
      await save.mutateAsync({ row: fromForm(form), logo, removeLogo });
      setLogo(null);
      setRemoveLogo(false);
      toast.success(t.saved);
    } catch (error) {
      toast.error(fill(t.saveError, { message: errorMessage(error) }));
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={!canEdit || save.isPending} className="flex flex-col gap-4">
        {!canEdit && <p className="text-sm text-muted-foreground">{t.adminOnly}</p>}
        <Card>
          <CardHeader>
            <CardTitle>{t.office}</CardTitle>
            <CardDescription>{t.officeDescription}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 sm:grid-cols-2">
            <FormField label={t.officeName} error={problem ?? undefined}>
              <Input value={form.office_name} maxLength={120} onChange={(e) => set('office_name', e.target.value)} />
            </FormField>
            <FormField label={t.timeZone}>
              <NativeSelect value={form.time_zone} onChange={(e) => set('time_zone', e.target.value)}>
                {[...new Set([form.time_zone, ...TIME_ZONES])].map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <div className="flex items-center gap-3 sm:col-span-2">
              <CompanyLogo logo={preview} name={form.office_name} className="size-14" />
              <FormField label={t.logo} description={t.logoHint} className="flex-1">
                <Input
                  type="file"
                  accept="image/png,image/jpeg,image/webp,image/svg+xml,image/gif"
                  onChange={(e) => {
                    setLogo(e.target.files?.[0] ?? null);
                    setRemoveLogo(false);
                  }}
                />
              </FormField>
              {settings.data?.logo_path && (
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => {
                    setLogo(null);
                    setRemoveLogo(true);
                  }}
                >
                  {t.removeLogo}
                </Button>
              )}
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t.hours}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            {WEEKDAYS.map((day) => {
              const slot = form.business_hours[day];
              return (
                <div key={day} className="flex flex-wrap items-center gap-3 text-sm">
                  <span className="w-20 font-medium">{t.days[day]}</span>
                  <label className="flex items-center gap-2">
                    <Checkbox
                      checked={slot === null}
                      onCheckedChange={(closed) =>
                        set('business_hours', {
                          ...form.business_hours,
                          [day]: closed ? null : { open: '09:00', close: '18:00' },
                        })
                      }
                    />
                    {t.closed}
                  </label>
                  {slot && (
                    <>
                      <Input
                        type="time"
                        aria-label={`${t.opens} ${t.days[day]}`}
                        className="w-28"
                        value={slot.open}
                        onChange={(e) =>
                          set('business_hours', { ...form.business_hours, [day]: { ...slot, open: e.target.value } })
                        }
                      />
                      <Input
                        type="time"
                        aria-label={`${t.closes} ${t.days[day]}`}
                        className="w-28"
                        value={slot.close}
                        onChange={(e) =>
                          set('business_hours', { ...form.business_hours, [day]: { ...slot, close: e.target.value } })
                        }
                      />
                    </>
                  )}
                </div>
              );
            })}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t.templates}</CardTitle>
            <CardDescription>{t.templatesHint}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            {Object.keys({ ...t.templateNames, ...form.notification_templates }).map((key) => (
              <FormField key={key} label={t.templateNames[key] ?? key}>
                <Textarea
                  rows={2}
                  value={form.notification_templates[key] ?? ''}
                  onChange={(e) =>
                    set('notification_templates', { ...form.notification_templates, [key]: e.target.value })
                  }
                />
              </FormField>
            ))}
            <FormField label={t.translationTemplate}>
              <Textarea
                rows={4}
                value={form.translation_certification_template}
                onChange={(e) => set('translation_certification_template', e.target.value)}
              />
            </FormField>
            <p className="text-xs text-muted-foreground">{t.translationTemplateHint}</p>
          </CardContent>
        </Card>
        <div>
          <Card>
            <CardHeader>
              <CardTitle>{t.deadlines}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              <FormField label={t.hearingPrep}>
                <Input
                  type="number"
                  min={1}
                  max={365}
                  value={form.hearing_prep_days}
                  onChange={(e) => set('hearing_prep_days', Number(e.target.value))}
                />
              </FormField>
              <FormField label={t.rfeDays}>
                <Input
                  type="number"
                  min={1}
                  max={365}
                  value={form.rfe_response_days}
                  onChange={(e) => set('rfe_response_days', Number(e.target.value))}
                />
              </FormField>
              <FormField label={t.biometricsDays}>
                <Input
                  type="number"
                  min={1}
                  max={120}
                  value={form.biometrics_lead_days}
                  onChange={(e) => set('biometrics_lead_days', Number(e.target.value))}
                />
              </FormField>
              <FormField label={t.documentExpiryDays}>
                <Input
                  type="number"
                  min={1}
                  max={365}
                  value={form.document_expiry_alert_days}
                  onChange={(e) => set('document_expiry_alert_days', Number(e.target.value))}
                />
              </FormField>
              <FormField label={t.reminderDays} error={reminderProblems.contract_reminder_days}>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={60}
                  step={1}
                  value={form.contract_reminder_days}
                  onChange={(e) => set('contract_reminder_days', e.target.value)}
                />
              </FormField>
              <FormField label={t.reminderMax} error={reminderProblems.contract_reminder_max}>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={20}
                  step={1}
                  value={form.contract_reminder_max}
                  onChange={(e) => set('contract_reminder_max', e.target.value)}
                />
              </FormField>
              <p className="text-xs text-muted-foreground">{t.reminderHint}</p>
            </CardContent>
          </Card>
        </div>
        {canEdit && (
          <div>
            <Button type="submit">{t.save}</Button>
          </div>
        )}
      </fieldset>
    </form>
  );
}
