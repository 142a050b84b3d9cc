import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from './form-dialog';

function dialog(props: Partial<Parameters<typeof FormDialog>[0]> = {}) {
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const onOpenChange = vi.fn();
  render(
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title="Nova Tarefa"
      description="Preencha os dados."
      pending={false}
      onSubmit={onSubmit}
      {...props}
    >
      <input aria-label="Título" />
    </FormDialog>,
  );
  return { onSubmit, onOpenChange };
}

describe('FormDialog', () => {
  it('titles the dialog, submits its form with Salvar and closes with Cancelar', () => {
    const { onSubmit, onOpenChange } = dialog();
    expect(screen.getByRole('dialog', { name: 'Nova Tarefa' })).toHaveAccessibleDescription('Preencha os dados.');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('puts extra actions before Salvar, can leave Cancelar out, and disables Salvar while saving', () => {
    dialog({
      cancel: false,
      pending: true,
      actions: <button type="button">Excluir</button>,
      after: <p>Comentários</p>,
    });
    expect(screen.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: /Salvar/ });
    const remove = screen.getByRole('button', { name: 'Excluir' });
    expect(remove.compareDocumentPosition(save) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(save).toBeDisabled();
    expect(screen.getByText('Comentários')).toBeInTheDocument();
  });

  it('shows no actions row when the record is read-only', () => {
    dialog({ editable: false });
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Título' })).toBeInTheDocument();
  });
});
