import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LabelOptions, NativeSelect } from '@/components/ui/native-select';
import { PersonSelect } from './person-select';

describe('PersonSelect', () => {
  it('offers nobody first, then each person by name, and reports the chosen id', () => {
    const onValueChange = vi.fn();
    render(
      <PersonSelect
        aria-label="Responsável"
        people={[
          { id: 'u1', name: 'Ana' },
          { id: 'u2', name: 'Bruno' },
        ]}
        emptyLabel="Ninguém"
        value=""
        onValueChange={onValueChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Responsável' });
    expect(screen.getAllByRole('option').map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['', 'Ninguém'],
      ['u1', 'Ana'],
      ['u2', 'Bruno'],
    ]);
    fireEvent.change(select, { target: { value: 'u2' } });
    expect(onValueChange).toHaveBeenCalledWith('u2');
  });

  it('shows only the empty option while the people load', () => {
    render(
      <PersonSelect
        aria-label="Cliente"
        people={undefined}
        emptyLabel="Nenhum"
        value=""
        onValueChange={() => undefined}
      />,
    );
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });
});

describe('LabelOptions', () => {
  it('lists a label table in its order, values as codes', () => {
    render(
      <NativeSelect aria-label="Prioridade" defaultValue="media">
        <LabelOptions labels={{ alta: 'Alta', media: 'Média', baixa: 'Baixa' }} />
      </NativeSelect>,
    );
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['alta', 'media', 'baixa']);
    expect(screen.getByRole('combobox', { name: 'Prioridade' })).toHaveDisplayValue('Média');
  });
});
