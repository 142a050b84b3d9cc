/**
 * The client picker of forms (Novo Processo, task, appointment, quote): a search box that queries the clients
 * as the user types (debounced, the first 50 by name) and a native select of the matches, so every client is
 * reachable however many there are. The chosen client stays listed while another search is shown.
 */
import { useState, type ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import { useFormFieldControl } from '@/components/ui/form-field';
import { SearchInput } from '@/components/ui/search-input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { CLIENT_PICKER_LIMIT, useClientName, useClientSearch } from '@/lib/client-search';

export type ClientPickerProps = Omit<ComponentProps<'select'>, 'onChange' | 'value'> & {
  value: string;
  onValueChange: (id: string) => void;
  /** The first option's text ('Nenhum cliente', 'Selecione...'). */
  emptyLabel: string;
  /** Clients never offered (a client's own family when linking a dependant). */
  exclude?: readonly string[];
};

export function ClientPicker({
  value,
  onValueChange,
  emptyLabel,
  exclude,
  disabled,
  ...selectProps
}: ClientPickerProps) {
  // inside a Controller the FormField's wiring (id, error, invalid state) comes from its context
  const field = useFormFieldControl();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  const found = useClientSearch(term);
  const chosen = useClientName(value);
  const options = (found.data?.options ?? []).filter((option) => !exclude?.includes(option.id));
  const chosenMissing = chosen.data && !options.some((option) => option.id === chosen.data!.id);
  return (
    <div className="grid gap-1.5">
      <SearchInput
        type="search"
        placeholder="Buscar por nome ou e-mail"
        aria-label="Filtrar a lista por nome ou e-mail"
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
        {chosenMissing && <option value={chosen.data!.id}>{chosen.data!.name}</option>}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </NativeSelect>
      {found.data?.more && (
        <p className="text-xs text-muted-foreground">
          Mostrando os {CLIENT_PICKER_LIMIT} primeiros clientes; digite para encontrar os demais.
        </p>
      )}
      {found.data && term && options.length === 0 && (
        <p className="text-xs text-muted-foreground">Nenhum cliente encontrado para “{term}”.</p>
      )}
    </div>
  );
}
