/** Choice among the forms that have an imported PDF (the only ones that can be mapped or filled). */
import { FormField } from '@/components/ui/form-field';
import type { UscisForm } from '../api/types';
import { formatDate } from '@/lib/format';
import type { FormEdition } from '../api/types';
import { formsStrings as t } from '../strings';
import { fill } from '@/lib/strings';
import { NativeSelect } from './native-select';

export function FormPicker({
  forms,
  editions,
  value,
  onChange,
}: {
  forms: UscisForm[];
  editions: Map<number, FormEdition>;
  value: number | null;
  onChange: (formId: number | null) => void;
}) {
  const imported = forms.filter((form) => editions.has(form.id));
  if (imported.length === 0) return <p className="text-sm text-muted-foreground">{t.noImportedForms}</p>;
  return (
    <FormField label={t.chooseForm}>
      <NativeSelect
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{t.chooseFormPlaceholder}</option>
        {imported.map((form) => (
          <option key={form.id} value={form.id}>
            {form.number} — {form.name} ({fill(t.edition, { date: formatDate(editions.get(form.id)?.edition_date) })})
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
