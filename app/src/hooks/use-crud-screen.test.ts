import { act, renderHook } from '@testing-library/react';
import { toast } from '@/lib/toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCrudScreen } from './use-crud-screen';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const texts = {
  created: 'Criado',
  updated: 'Atualizado',
  deleted: 'Excluído',
  createError: 'Erro ao criar: {message}',
  updateError: 'Erro ao atualizar: {message}',
  deleteError: 'Erro ao excluir: {message}',
};

function setup(options: { failWith?: Error; deletedText?: string } = {}) {
  const run = vi.fn(async () => {
    if (options.failWith) throw options.failWith;
  });
  const mutation = { mutateAsync: run, isPending: false };
  const fail = vi.fn();
  const hook = renderHook(() =>
    useCrudScreen<{ id: string; name: string }, { name: string }>({
      create: mutation,
      update: mutation,
      remove: mutation,
      texts: { ...texts, deletedText: options.deletedText },
      fail,
    }),
  );
  return { hook, run, fail };
}

describe('useCrudScreen', () => {
  beforeEach(() => vi.clearAllMocks());

  it('creates when nothing is being edited, toasts and closes the form', async () => {
    const { hook, run } = setup();
    act(() => hook.result.current.openForm(null));
    expect(hook.result.current.formProps.open).toBe(true);
    let ok = false;
    await act(async () => {
      ok = await hook.result.current.formProps.onSubmit({ name: 'A' });
    });
    expect(ok).toBe(true);
    expect(run).toHaveBeenCalledWith({ name: 'A' });
    expect(toast.success).toHaveBeenCalledWith('Criado');
    expect(hook.result.current.formProps.open).toBe(false);
  });

  it('updates the record being edited, and reports a failure through fail with the update text', async () => {
    const { hook, run, fail } = setup({ failWith: new Error('sem permissão') });
    act(() => hook.result.current.openForm({ id: '7', name: 'B' }));
    let ok = true;
    await act(async () => {
      ok = await hook.result.current.formProps.onSubmit({ name: 'C' });
    });
    expect(ok).toBe(false);
    expect(run).toHaveBeenCalledWith({ id: '7', input: { name: 'C' } });
    expect(fail).toHaveBeenCalledWith('Erro ao atualizar: sem permissão');
    expect(toast.success).not.toHaveBeenCalled();
    expect(hook.result.current.formProps.open).toBe(true);
    expect(hook.result.current.editing).toEqual({ id: '7', name: 'B' });
  });

  it('deletes the asked record with the optional description, then closes the confirmation', async () => {
    const { hook, run } = setup({ deletedText: 'Foi excluído.' });
    act(() => hook.result.current.askDelete({ id: '9', name: 'D' }));
    expect(hook.result.current.deleteProps.open).toBe(true);
    await act(async () => {
      await hook.result.current.deleteProps.onConfirm();
    });
    expect(run).toHaveBeenCalledWith('9');
    expect(toast.success).toHaveBeenCalledWith('Excluído', { description: 'Foi excluído.' });
    expect(hook.result.current.deleteProps.open).toBe(false);
  });
});

describe('useCrudScreen without a delete mutation', () => {
  beforeEach(() => vi.clearAllMocks());

  it('toasts the creation with its description, and its delete confirmation does nothing', async () => {
    const create = vi.fn(async () => undefined);
    const mutation = { mutateAsync: create, isPending: false };
    const { result } = renderHook(() =>
      useCrudScreen<{ id: string }, { name: string }>({
        create: mutation,
        update: mutation,
        texts: {
          created: 'Registrada',
          createdText: 'A nota foi adicionada.',
          updated: 'Atualizada',
          createError: '{message}',
          updateError: '{message}',
        },
        fail: vi.fn(),
      }),
    );
    await act(async () => {
      await result.current.formProps.onSubmit({ name: 'E' });
    });
    expect(toast.success).toHaveBeenCalledWith('Registrada', { description: 'A nota foi adicionada.' });
    act(() => result.current.askDelete({ id: '1' }));
    await act(async () => {
      await result.current.deleteProps.onConfirm();
    });
    expect(create).toHaveBeenCalledTimes(1);
    expect(result.current.deleteProps.pending).toBe(false);
  });
});
