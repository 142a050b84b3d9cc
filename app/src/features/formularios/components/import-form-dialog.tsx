/** Importar Formulário: upload the official fillable PDF with its number and edition date; fields are read server-side. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { UscisForm } from '../api/types';
import { FORM_CATEGORIES } from '@/lib/forms-filter';
import { errorMessage } from '@/lib/errors';
import { useImportForm } from '../api/mutations';
import type { ImportCoverage } from '../api/types';
import { PACKED_FORMS } from '../packs';
import { formsStrings as t } from '../strings';
import { fill } from '@/lib/strings';
import { NativeSelect } from './native-select';

const schema = z.object({
  formNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{1,4}-\d{1,4}[A-Za-z]{0,3}$/, 'Número do formulário inválido (ex.: I-130)'),
  editionDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Informe a data da edição'),
  formName: z.string().trim().optional(),
  category: z.string().optional(),
  file: z.custom<FileList>((value) => value instanceof FileList && value.length === 1, 'Selecione o arquivo PDF'),
});
type Values = z.infer<typeof schema>;

export function ImportFormDialog({
  open,
  onOpenChange,
  forms,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  forms: UscisForm[];
}) {
  const importForm = useImportForm();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { formNumber: '', editionDate: '', formName: '', category: '' },
  });
  const number = useWatch({ control, name: 'formNumber' })?.trim().toUpperCase();
  // a form the product has a pack for brings its own name and category
  const isNew = Boolean(number) && !forms.some((form) => form.number === number) && !PACKED_FORMS.has(number ?? '');
  const [coverage, setCoverage] = useState<{ number: string; mapping: ImportCoverage } | null>(null);

  const close = (next: boolean) => {
    if (!next) setCoverage(null);
    onOpenChange(next);
  };

  const submit = handleSubmit(async (values) => {
    if (isNew && (!values.formName || !values.category)) {
      setError('formName', { message: t.newFormNeedsName });
      return;
    }
    try {
      const answer = await importForm.mutateAsync({ ...values, file: values.file[0] as File });
      toast.success(fill(t.imported, { number: answer.form.number, count: answer.edition.fields.length }));
      reset();
      // mapped by the form's pack (or the previous edition): staff see the coverage before adjusting the rest
      if (answer.mapping && answer.mapping.mapped > 0)
        setCoverage({ number: answer.form.number, mapping: answer.mapping });
      else onOpenChange(false);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.importTitle}</DialogTitle>
          <DialogDescription>{t.importDescription}</DialogDescription>
        </DialogHeader>
        {coverage ? (
          <>
            <CoverageReport number={coverage.number} mapping={coverage.mapping} />
            <DialogFooter>
              <Button type="button" onClick={() => close(false)}>
                {t.close}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <FormField label={t.formNumber} error={errors.formNumber}>
              <Input placeholder="I-130" list="uscis-form-numbers" {...register('formNumber')} />
            </FormField>
            <datalist id="uscis-form-numbers">
              {forms.map((form) => (
                <option key={form.id} value={form.number}>
                  {form.name}
                </option>
              ))}
            </datalist>
            {isNew && (
              <>
                <FormField label={t.formName} error={errors.formName}>
                  <Input {...register('formName')} />
                </FormField>
                <FormField label={t.category} error={errors.category}>
                  <NativeSelect {...register('category')}>
                    <option value="">Selecione</option>
                    {FORM_CATEGORIES.map((category) => (
                      <option key={category} value={category}>
                        {category}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
              </>
            )}
            <FormField label={t.editionDate} error={errors.editionDate}>
              <Input type="date" {...register('editionDate')} />
            </FormField>
            <FormField label={t.pdfFile} error={errors.file as never}>
              <Input type="file" accept="application/pdf,.pdf" {...register('file')} />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                {t.cancel}
              </Button>
              <Button type="submit" disabled={importForm.isPending}>
                {importForm.isPending ? t.importing : t.importButton}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Mapped and unmapped fields of an imported edition, the unmapped grouped by why. */
export function CoverageReport({ number, mapping }: { number: string; mapping: ImportCoverage }) {
  const reasons = new Map<string, string[]>();
  for (const field of mapping.unmapped) reasons.set(field.reason, [...(reasons.get(field.reason) ?? []), field.name]);
  const share = mapping.fields ? Math.round((mapping.mapped / mapping.fields) * 100) : 0;
  return (
    <div className="grid gap-3 text-sm" data-testid="import-coverage">
      <p className="font-medium">
        {fill(t.coverageSummary, { number, mapped: mapping.mapped, fields: mapping.fields, share })}
      </p>
      <p className="text-muted-foreground">{t.coverageHint}</p>
      {reasons.size > 0 && (
        <ul className="grid max-h-64 gap-2 overflow-y-auto">
          {[...reasons.entries()].map(([reason, names]) => (
            <li key={reason}>
              <details>
                <summary className="cursor-pointer">{fill(t.coverageReason, { count: names.length, reason })}</summary>
                <ul className="mt-1 grid gap-0.5 pl-4 font-mono text-xs break-all text-muted-foreground">
                  {names.map((name) => (
                    <li key={name}>{name.split('.').pop()}</li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
