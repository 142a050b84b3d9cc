import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { SearchInput } from '@/components/ui/search-input';

describe('SearchInput', () => {
  it('renders a labelled input that reports typing, with the wrapper and input classes apart', () => {
    const onChange = vi.fn();
    render(
      <SearchInput
        aria-label="Buscar taxas"
        placeholder="Buscar..."
        containerClassName="sm:w-80"
        value=""
        onChange={onChange}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Buscar taxas' });
    fireEvent.change(input, { target: { value: 'I-130' } });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(input.classList.contains('pl-9')).toBe(true);
    expect(input.parentElement?.className).toBe('relative sm:w-80');
    expect(input.parentElement?.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
