import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { todayISO } from '@/lib/format';
import type { UscisFee } from '../api/types';
import { feeSchema, type FeeInput } from '../schemas';
import { financeStrings as t } from '../strings';
import { FormDialog } from '@/components/form-dialog';

/** A cleared form: valid_from today, active. */
export function emptyFee(): FeeInput {
  return {
    form_code: '',
    form_name: '',
    fee_amount: '',
    category: '',
    description: '',
    valid_from: todayISO(),
    valid_until: '',
    is_active: true,
  };
}

export function feeToInput(fee: UscisFee | null): FeeInput {
  if (!fee) return emptyFee();
  return {
    form_code: fee.form_code,
    form_name: fee.form_name,
    fee_amount: String(fee.fee_amount),
    category: fee.category ?? '',
    description: fee.description ?? '',
    valid_from: fee.valid_from,
    valid_until: fee.valid_until ?? '',
    is_active: fee.is_active,
  };
}

export function FeeFormDialog({
  open,
  onOpenChange,
  fee,
  pending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fee: UscisFee | null;
  pending: boolean;
  onSubmit: (input: FeeInput) => Promise<boolean>;
}) {
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FeeInput>({ resolver: zodResolver(feeSchema), defaultValues: emptyFee() });

  useEffect(() => {
    if (open) reset(feeToInput(fee));
  }, [open, fee, reset]);

  const submit = handleSubmit(
    async (values) => {
      if (await onSubmit(values)) reset(emptyFee());
    },
    (formErrors) =>
      toast.error(
        formErrors.valid_until && Object.keys(formErrors).length === 1
          ? String(formErrors.valid_until.message)
          : t.required,
      ),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={fee ? 'Editar Taxa USCIS' : 'Adicionar Taxa USCIS'}
      description="Valores em dólares (USD)."
      pending={pending}
      onSubmit={submit}
      className="sm:max-w-xl"
    >
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <FormField label="Código do Formulário *" error={errors.form_code}>
          <Input placeholder="I-130" {...register('form_code')} />
        </FormField>
        <FormField label="Nome do Formulário *" error={errors.form_name}>
          <Input {...register('form_name')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Valor (US$) *" error={errors.fee_amount}>
          <Input type="number" inputMode="decimal" min="0.01" step="0.01" {...register('fee_amount')} />
        </FormField>
        <FormField label="Categoria" error={errors.category}>
          <Input {...register('category')} />
        </FormField>
      </div>
      <FormField label="Descrição" error={errors.description}>
        <Textarea rows={2} {...register('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Válido a partir de *" error={errors.valid_from}>
          <Input type="date" {...register('valid_from')} />
        </FormField>
        <FormField label="Válido até" error={errors.valid_until}>
          <Input type="date" {...register('valid_until')} />
        </FormField>
      </div>
      <Controller
        control={control}
        name="is_active"
        render={({ field }) => (
          <div className="flex items-center gap-2">
            <Checkbox id="fee-is-active" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />
            <Label htmlFor="fee-is-active">Ativo</Label>
          </div>
        )}
      />
    </FormDialog>
  );
}
