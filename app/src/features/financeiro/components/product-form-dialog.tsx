import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { Product } from '../api/types';
import { productSchema, type ProductInput } from '../schemas';
import { financeStrings as t } from '../strings';
import { FormDialog } from '@/components/form-dialog';

const EMPTY: ProductInput = { name: '', category: '', price: '', description: '' };

export function productToInput(product: Product | null): ProductInput {
  if (!product) return EMPTY;
  return {
    name: product.name,
    category: product.category,
    price: String(product.price),
    description: product.description ?? '',
  };
}

export function ProductFormDialog({
  open,
  onOpenChange,
  product,
  pending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The product being edited; null to add one. */
  product: Product | null;
  pending: boolean;
  onSubmit: (input: ProductInput) => Promise<boolean>;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ProductInput>({ resolver: zodResolver(productSchema), defaultValues: EMPTY });

  useEffect(() => {
    if (open) reset(productToInput(product));
  }, [open, product, reset]);

  const submit = handleSubmit(
    async (values) => {
      if (await onSubmit(values)) reset(EMPTY);
    },
    () => toast.error(t.required),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={product ? 'Editar Produto' : 'Adicionar Produto'}
      description="Preço em reais (BRL)."
      pending={pending}
      onSubmit={submit}
    >
      <FormField label="Nome *" error={errors.name}>
        <Input {...register('name')} />
      </FormField>
      <FormField label="Categoria *" error={errors.category}>
        <Input {...register('category')} />
      </FormField>
      <FormField label="Preço (R$) *" error={errors.price}>
        <Input type="number" inputMode="decimal" min="0.01" step="0.01" {...register('price')} />
      </FormField>
      <FormField label="Descrição" error={errors.description}>
        <Textarea rows={3} {...register('description')} />
      </FormField>
    </FormDialog>
  );
}
