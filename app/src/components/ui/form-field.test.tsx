import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

function Wrapper({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

function CategorySelect({ error }: { error?: string }) {
  // The trigger sits below a wrapper (as in a react-hook-form Controller), not as FormField's direct child.
  return (
    <FormField label="Categoria" error={error}>
      <Wrapper>
        <Select value="">
          <SelectTrigger>
            <SelectValue placeholder="Selecione uma categoria" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="a">Aluguel</SelectItem>
          </SelectContent>
        </Select>
      </Wrapper>
    </FormField>
  );
}

describe('FormField', () => {
  it('wires a direct input to its label and error text', () => {
    render(
      <FormField label="Nome" error="Nome é obrigatório">
        <Input />
      </FormField>,
    );
    const input = screen.getByLabelText('Nome');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Nome é obrigatório');
  });

  it('names a nested select trigger by the field label and describes it by the error text', () => {
    render(<CategorySelect error="Selecione uma categoria válida" />);
    const trigger = screen.getByRole('combobox', { name: 'Categoria' });
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    const describedBy = trigger.getAttribute('aria-describedby') ?? '';
    expect(describedBy).not.toBe('');
    expect(document.getElementById(describedBy)?.textContent).toBe('Selecione uma categoria válida');
    // The visible label points at the trigger too (clicking it focuses the control).
    const label = screen.getByText('Categoria');
    expect(label.getAttribute('for')).toBe(trigger.id);
  });

  it('leaves a valid select trigger without aria-invalid or a description', () => {
    render(<CategorySelect />);
    const trigger = screen.getByRole('combobox', { name: 'Categoria' });
    expect(trigger.getAttribute('aria-invalid')).toBeNull();
    expect(trigger.getAttribute('aria-describedby')).toBeNull();
  });

  it('keeps an explicit aria-label on a trigger outside a field', () => {
    render(
      <Select value="">
        <SelectTrigger aria-label="Função de Ana">
          <SelectValue />
        </SelectTrigger>
      </Select>,
    );
    const trigger = screen.getByRole('combobox', { name: 'Função de Ana' });
    expect(trigger.getAttribute('aria-labelledby')).toBeNull();
  });
});
