import { toast } from '@/lib/toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { closeAfter } from './close-after';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

describe('closeAfter', () => {
  beforeEach(() => vi.clearAllMocks());

  it('toasts the success and closes the dialog once the action resolves', async () => {
    const onOpenChange = vi.fn();
    await expect(
      closeAfter(async () => 'ok', { success: 'Tarefa salva', error: 'Erro: {message}' }, onOpenChange),
    ).resolves.toBe(true);
    expect(toast.success).toHaveBeenCalledWith('Tarefa salva');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('keeps the dialog open and words the failure with its message', async () => {
    const onOpenChange = vi.fn();
    const failing = async () => {
      throw new Error('sem permissão');
    };
    await expect(
      closeAfter(failing, { success: 'Tarefa salva', error: 'Erro ao salvar: {message}' }, onOpenChange),
    ).resolves.toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Erro ao salvar: sem permissão');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
