/** Editar cadastro: staff edit a client's record (name, e-mail, phone, address, A-number, birth date, nationality). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { fill } from '@/lib/strings';
import { toast } from '@/lib/toast';
import { useUpdateClientRecord, type ClientDetail } from '../api/detail';
import { clientRecordSchema, toClientRecordForm, type ClientRecordForm, type ClientRecordValues } from '../schemas';
import { clientesStrings } from '../strings';

const t = clientesStrings.record;

export function ClientRecordDialog({
  client,
  open,
  onOpenChange,
}: {
  client: ClientDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateClientRecord();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ClientRecordForm, unknown, ClientRecordValues>({
    resolver: zodResolver(clientRecordSchema),
    values: toClientRecordForm(client),
  });

  const handleOpenChange = (next: boolean) => {
    if (update.isPending) return;
    if (!next) reset(toClientRecordForm(client));
    onOpenChange(next);
  };

  const onValid = (values: ClientRecordValues) => {
    if (!isDirty) {
      toast.info(t.unchanged);
      onOpenChange(false);
      return;
    }
    update.mutate(
      { clientId: client.id, values },
      {
        onSuccess: () => {
          toast.success(t.saved);
          onOpenChange(false);
        },
        onError: (error) => toast.error(fill(t.saveError, { message: errorMessage(error) })),
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={handleOpenChange}
      title={t.title}
      description={t.description}
      pending={update.isPending}
      onSubmit={handleSubmit(onValid)}
      className="max-h-[90dvh] overflow-y-auto sm:max-w-xl"
      formClassName="grid gap-3 sm:grid-cols-2"
    >
      <FormField label={t.fullName} error={errors.full_name} className="sm:col-span-2">
        <Input autoComplete="off" {...register('full_name')} />
      </FormField>
      <FormField
        label={t.email}
        error={errors.email}
        description={client.user_id ? t.emailLoginHint : undefined}
        className="sm:col-span-2"
      >
        <Input type="email" autoComplete="off" {...register('email')} />
      </FormField>
      <FormField label={t.phone} error={errors.phone}>
        <Input type="tel" autoComplete="off" {...register('phone')} />
      </FormField>
      <FormField label={t.aNumber} error={errors.a_number}>
        <Input autoComplete="off" placeholder="A123456789" className="font-mono" {...register('a_number')} />
      </FormField>
      <FormField label={t.dateOfBirth} error={errors.date_of_birth}>
        <Input type="date" {...register('date_of_birth')} />
      </FormField>
      <FormField label={t.nationality} error={errors.nationality}>
        <Input autoComplete="off" {...register('nationality')} />
      </FormField>
      <FormField label={t.passportNumber} error={errors.passport_number}>
        <Input autoComplete="off" className="font-mono" {...register('passport_number')} />
      </FormField>
      <FormField label={t.passportExpiresOn} error={errors.passport_expires_on}>
        <Input type="date" {...register('passport_expires_on')} />
      </FormField>
      <FormField label={t.eadExpiresOn} error={errors.ead_expires_on}>
        <Input type="date" {...register('ead_expires_on')} />
      </FormField>
      <FormField label={t.address} error={errors.address} className="sm:col-span-2">
        <Textarea rows={2} {...register('address')} />
      </FormField>
    </FormDialog>
  );
}
