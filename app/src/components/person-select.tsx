/** A native select of people (staff or clients, from lib/people) whose first option is "nobody" (value ''). */
import type { ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import type { PersonOption } from '@/lib/people';

export function PersonSelect({
  people,
  emptyLabel,
  onValueChange,
  ...props
}: Omit<ComponentProps<'select'>, 'onChange'> & {
  people: readonly PersonOption[] | undefined;
  /** The first option's text: Ninguém, Nenhum cliente, Todos... */
  emptyLabel: string;
  onValueChange: (id: string) => void;
}) {
  return (
    <NativeSelect {...props} onChange={(event) => onValueChange(event.target.value)}>
      <option value="">{emptyLabel}</option>
      {people?.map((person) => (
        <option key={person.id} value={person.id}>
          {person.name}
        </option>
      ))}
    </NativeSelect>
  );
}
