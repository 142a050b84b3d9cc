/**
 * The process picker of forms (interaction, task): a search box that queries the processes as the user types
 * (debounced; type, receipt number or process number; only the chosen client's when a client is chosen; the
 * newest 50) and a native select of the matches, so every process is reachable however many there are. The
 * chosen process stays listed while another search is shown.
 */
import { useState, type ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import { useFormFieldControl } from '@/components/ui/form-field';
import { SearchInput } from '@/components/ui/search-input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { PROCESS_PICKER_LIMIT, processLabel, useProcessOption, useProcessSearch } from '@/lib/process-search';

export type ProcessPickerProps = Omit<ComponentProps<'select'>, 'onChange' | 'value'> & {
  /** The chosen process's number as text ('' for none). */
  value: string;
  onValueChange: (id: string) => void;
  /** The first option's text ('Nenhum processo'). */
  emptyLabel: string;
  /** Only this client's processes ('' for any). */
  clientId?: string;
};

export function ProcessPicker({
  value,
  onValueChange,
  emptyLabel,
  clientId = '',
  disabled,
  ...selectProps
}: ProcessPickerProps) {
  // inside a Controller the FormField's wiring (id, error, invalid state) comes from its context
  const field = useFormFieldControl();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  const found = useProcessSearch(clientId, term);
  const chosen = useProcessOption(value);
  const options = found.data?.options ?? [];
  const chosenMissing = chosen.data && !options.some((option) => option.id === chosen.data!.id);
  return (
    <div className="grid gap-1.5">
      <SearchInput
        type="search"
        placeholder="Buscar por tipo, recibo ou número"
        aria-label="Filtrar os processos por tipo, recibo ou número"
        value={search}
        disabled={disabled}
        onChange={(event) => setSearch(event.target.value)}
      />
      <NativeSelect
        id={field?.id}
        aria-describedby={field?.['aria-describedby']}
        aria-invalid={field?.['aria-invalid']}
        {...selectProps}
        disabled={disabled}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      >
        <option value="">{emptyLabel}</option>
        {chosenMissing && <option value={String(chosen.data!.id)}>{processLabel(chosen.data!)}</option>}
        {options.map((option) => (
          <option key={option.id} value={String(option.id)}>
            {processLabel(option)}
          </option>
        ))}
      </NativeSelect>
      {found.data?.more && (
        <p className="text-xs text-muted-foreground">
          Mostrando os {PROCESS_PICKER_LIMIT} processos mais recentes; digite para encontrar os demais.
        </p>
      )}
      {found.data && term && options.length === 0 && (
        <p className="text-xs text-muted-foreground">Nenhum processo encontrado para “{term}”.</p>
      )}
    </div>
  );
}
