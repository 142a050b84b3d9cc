/** Configurações: the office's address and contacts and its responsible attorney, used by the finance PDFs and
 * the USCIS forms. Administrators edit; other staff read. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/errors';
import { fill } from '@/lib/strings';
import { toast } from '@/lib/toast';
import { useOfficeProfile, useSaveOfficeProfile } from '../api/office-profile';
import {
  constraintMessage,
  formatPhone,
  maskZip,
  officeProfileSchema,
  toProfileForm,
  toProfileRow,
  US_STATES,
  type OfficeProfileInput,
} from '../lib/office-profile';
import { configuracoesStrings } from '../strings';

const t = configuracoesStrings.profile;

function StateSelect(props: UseFormRegisterReturn) {
  return (
    <NativeSelect {...props}>
      <option value="">{t.noState}</option>
      {US_STATES.map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </NativeSelect>
  );
}

export function OfficeProfileCard({ canEdit }: { canEdit: boolean }) {
  const profile = useOfficeProfile();
  const save = useSaveOfficeProfile();
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = useForm<OfficeProfileInput>({
    resolver: zodResolver(officeProfileSchema),
    defaultValues: toProfileForm(null),
  });

  // the form follows each load (and each save) of the row
  useEffect(() => {
    if (profile.data) reset(toProfileForm(profile.data));
  }, [profile.data, reset]);

  if (profile.isPending) return <Skeleton className="h-64" />;

  const phone = (field: 'office_phone' | 'attorney_phone' | 'attorney_mobile' | 'attorney_fax') =>
    register(field, {
      onBlur: (event: React.FocusEvent<HTMLInputElement>) =>
        setValue(field, formatPhone(event.target.value), { shouldValidate: true }),
    });
  const zip = register('office_zip', {
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setValue('office_zip', maskZip(event.target.value)),
  });

  const onSubmit = (values: OfficeProfileInput) =>
    save.mutate(toProfileRow(values), {
      onSuccess: () => toast.success(t.saved),
      onError: (error) => {
        // the check's name is in the database's own (English) text; errorMessage() words the rest in Portuguese
        const raw = (error as { message?: unknown }).message;
        const known = typeof raw === 'string' ? constraintMessage(raw) : null;
        toast.error(fill(t.saveError, { message: known ?? errorMessage(error) }));
      },
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.title}</CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t.title}>
          <fieldset disabled={!canEdit || save.isPending} className="flex flex-col gap-6">
            {!canEdit && <p className="text-sm text-muted-foreground">{t.adminOnly}</p>}
            <section className="grid gap-3 sm:grid-cols-6" aria-labelledby="office-profile-office">
              <h4 id="office-profile-office" className="font-medium sm:col-span-6">
                {t.officeSection}
              </h4>
              <FormField label={t.street} error={errors.office_street} className="sm:col-span-4">
                <Input autoComplete="street-address" {...register('office_street')} />
              </FormField>
              <FormField label={t.suite} error={errors.office_suite} className="sm:col-span-2">
                <Input {...register('office_suite')} />
              </FormField>
              <FormField label={t.city} error={errors.office_city} className="sm:col-span-3">
                <Input {...register('office_city')} />
              </FormField>
              <FormField label={t.state} error={errors.office_state} className="sm:col-span-1">
                <StateSelect {...register('office_state')} />
              </FormField>
              <FormField label={t.zip} error={errors.office_zip} description={t.zipHint} className="sm:col-span-2">
                <Input inputMode="numeric" maxLength={10} {...zip} />
              </FormField>
              <FormField
                label={t.phone}
                error={errors.office_phone}
                description={t.phoneHint}
                className="sm:col-span-2"
              >
                <Input type="tel" {...phone('office_phone')} />
              </FormField>
              <FormField label={t.email} error={errors.office_email} className="sm:col-span-2">
                <Input type="email" {...register('office_email')} />
              </FormField>
              <FormField label={t.website} error={errors.office_website} className="sm:col-span-2">
                <Input type="url" {...register('office_website')} />
              </FormField>
            </section>
            <section className="grid gap-3 sm:grid-cols-6" aria-labelledby="office-profile-attorney">
              <div className="sm:col-span-6">
                <h4 id="office-profile-attorney" className="font-medium">
                  {t.attorneySection}
                </h4>
                <p className="text-sm text-muted-foreground">{t.attorneyHint}</p>
              </div>
              <FormField label={t.attorneyName} error={errors.attorney_name} className="sm:col-span-3">
                <Input {...register('attorney_name')} />
              </FormField>
              <FormField label={t.barNumber} error={errors.attorney_bar_number} className="sm:col-span-2">
                <Input {...register('attorney_bar_number')} />
              </FormField>
              <FormField label={t.barState} error={errors.attorney_bar_state} className="sm:col-span-1">
                <StateSelect {...register('attorney_bar_state')} />
              </FormField>
              <FormField
                label={t.authority}
                error={errors.attorney_licensing_authority}
                description={t.authorityHint}
                className="sm:col-span-4"
              >
                <Input {...register('attorney_licensing_authority')} />
              </FormField>
              <FormField label={t.eoirId} error={errors.attorney_eoir_id} className="sm:col-span-2">
                <Input className="uppercase" {...register('attorney_eoir_id')} />
              </FormField>
              <FormField label={t.email} error={errors.attorney_email} className="sm:col-span-3">
                <Input type="email" {...register('attorney_email')} />
              </FormField>
              <FormField label={t.phone} error={errors.attorney_phone} className="sm:col-span-3">
                <Input type="tel" {...phone('attorney_phone')} />
              </FormField>
              <FormField label={t.attorneyMobile} error={errors.attorney_mobile} className="sm:col-span-3">
                <Input type="tel" autoComplete="off" {...phone('attorney_mobile')} />
              </FormField>
              <FormField label={t.attorneyFax} error={errors.attorney_fax} className="sm:col-span-3">
                <Input type="tel" autoComplete="off" {...phone('attorney_fax')} />
              </FormField>
            </section>
            {canEdit && (
              <div>
                <Button type="submit">
                  {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                  {save.isPending ? t.saving : t.save}
                </Button>
              </div>
            )}
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
}
