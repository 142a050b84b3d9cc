import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { FORM_DOWNLOAD_MS, FORMS_REFRESH_MS, FormsTab } from './forms-tab';

const update = vi.fn();

vi.mock('@/lib/supabase', () => {
  const forms = [
    { id: 1, number: 'I-130', name: 'Petition for Alien Relative', category: 'Petições Familiares', updated_at: '2024-04-01', url: null, downloaded: true },
    { id: 3, number: 'I-751', name: 'Petition to Remove Conditions on Residence', category: 'Remoção de Condições', updated_at: '2024-04-01', url: null, downloaded: false },
  ];
  const builder = {
    select: () => builder,
    order: () => builder,
    update: (values: unknown) => {
      update(values);
      return builder;
    },
    eq: () => builder,
    throwOnError: () => Promise.resolve({ data: forms, error: null }),
  };
  return { supabase: { from: () => builder } };
});

afterEach(() => {
  vi.useRealTimers();
});

describe('FormsTab (simulated refresh and download)', { timeout: 20_000 }, () => {
  it('uses the spec timings: refresh 2 s, download 1.5 s', () => {
    expect(FORMS_REFRESH_MS).toBe(2000);
    expect(FORM_DOWNLOAD_MS).toBe(1500);
  });

  it('shows Não baixado with Baixar, then Disponível with Ver and Preencher about 1.5 s after clicking', async () => {
    renderWithProviders(<FormsTab />);
    expect(await screen.findByText('I-751')).toBeTruthy();
    expect(screen.getByText('Não baixado')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ver I-130' })).toBeTruthy();

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Baixar I-751' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByText('Iniciando download do formulário I-751')).toBeTruthy();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(FORM_DOWNLOAD_MS - 300);
    });
    expect(screen.queryByText('Formulário I-751 baixado com sucesso!')).toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(screen.getByText('Formulário I-751 baixado com sucesso!')).toBeTruthy();
    expect(screen.queryByText('Não baixado')).toBeNull();
    expect(screen.getByRole('button', { name: 'Preencher I-751' })).toBeTruthy();
    expect(update).toHaveBeenCalledWith({ downloaded: true });
  });

  it('toasts Formulários atualizados com sucesso! 2 s after Atualizar Formulários', async () => {
    renderWithProviders(<FormsTab />);
    await screen.findByText('I-751');

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar Formulários' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FORMS_REFRESH_MS - 300);
    });
    expect(screen.queryByText('Formulários atualizados com sucesso!')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(screen.getByText('Formulários atualizados com sucesso!')).toBeTruthy();
  });

  it('filters by category chip and shows the empty text', async () => {
    renderWithProviders(<FormsTab />);
    await screen.findByText('I-751');
    fireEvent.click(screen.getByRole('button', { name: 'DACA' }));
    expect(screen.getByText('Nenhum formulário encontrado com os filtros atuais.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Todos' }));
    expect(screen.getByText('I-130')).toBeTruthy();
  });
});
