import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { todayISO } from '@/lib/format';
import type { Expense, ExpenseCategory } from '../api/types';
import { expenseSchema, type ExpenseInput } from '../schemas';
import { financeStrings as t } from '../strings';
import { FormDialog } from '@/components/form-dialog';

const NO_CATEGORY = '__none__';

export function emptyExpense(): ExpenseInput {
  return {
    description: '',
    amount: '',
    due_date: todayISO(),
    category_id: '',
    notes: '',
    is_paid: false,
    payment_date: '',
    payment_method: '',
  };
}

export function expenseToInput(expense: Expense | null): ExpenseInput {
  if (!expense) return emptyExpense();
  return {
    description: expense.description,
    amount: String(expense.amount),
    due_date: expense.due_date,
    category_id: expense.category_id ?? '',
    notes: expense.notes ?? '',
    is_paid: expense.is_paid,
    payment_date: expense.payment_date ?? '',
    payment_method: expense.payment_method ?? '',
  };
}

export function ExpenseFormDialog({
  open,
  onOpenChange,
  expense,
  categories,
  pending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  expense: Expense | null;
  categories: ExpenseCategory[];
  pending: boolean;
  onSubmit: (input: ExpenseInput) => Promise<boolean>;
}) {
  const editing = expense !== null;
  const {
    control,
    register,
    handleSubmit,
    reset,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<ExpenseInput>({ resolver: zodResolver(expenseSchema), defaultValues: emptyExpense() });
  const isPaid = useWatch({ control, name: 'is_paid' });

  useEffect(() => {
    if (open) reset(expenseToInput(expense));
  }, [open, expense, reset]);

  const submit = handleSubmit(
    async (values) => {
      if (await onSubmit(values)) reset(emptyExpense());
    },
    () => toast.error(t.required),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Editar Despesa' : 'Adicionar Despesa'}
      description="Valores em reais (BRL)."
      pending={pending}
      onSubmit={submit}
    >
      <FormField label="Descrição *" error={errors.description}>
        <Input {...register('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Valor (R$) *" error={errors.amount}>
          <Input type="number" inputMode="decimal" min="0.01" step="0.01" {...register('amount')} />
        </FormField>
        <FormField label="Vencimento *" error={errors.due_date}>
          <Input type="date" {...register('due_date')} />
        </FormField>
      </div>
      <FormField label="Categoria" error={errors.category_id}>
        <Controller
          control={control}
          name="category_id"
          render={({ field }) => (
            <Select
              value={field.value || NO_CATEGORY}
              onValueChange={(v) => field.onChange(v === NO_CATEGORY ? '' : v)}
            >
              <SelectTrigger>
                <SelectValue placeholder="Selecione uma categoria" />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_CATEGORY}>Sem categoria</SelectItem>
                {categories.map((category) => (
                  <SelectItem key={category.id} value={category.id}>
                    {category.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      <FormField label="Observações" error={errors.notes}>
        <Textarea rows={2} {...register('notes')} />
      </FormField>
      {editing && (
        <div className="grid gap-4 rounded-md border p-3">
          <Controller
            control={control}
            name="is_paid"
            render={({ field }) => (
              <div className="flex items-center gap-2">
                <Checkbox
                  id="expense-is-paid"
                  checked={field.value}
                  onCheckedChange={(v) => {
                    const checked = v === true;
                    field.onChange(checked);
                    if (checked && !getValues('payment_date')) setValue('payment_date', todayISO());
                  }}
                />
                <Label htmlFor="expense-is-paid">Pago</Label>
              </div>
            )}
          />
          {isPaid && (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Data de Pagamento" error={errors.payment_date}>
                <Input type="date" {...register('payment_date')} />
              </FormField>
              <FormField label="Forma de Pagamento" error={errors.payment_method}>
                <Input placeholder="Cartão, PIX, etc." {...register('payment_method')} />
              </FormField>
            </div>
          )}
        </div>
      )}
    </FormDialog>
  );
}
