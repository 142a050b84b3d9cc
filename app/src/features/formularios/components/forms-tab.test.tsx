import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, rpc, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import { FORM_DOWNLOAD_MS, FORMS_REFRESH_MS, FormsTab } from './forms-tab';

const i130 = {
  id: 1,
  number: 'I-130',
  name: 'Petition for Alien Relative',
  category: 'Petições Familiares',
  updated_at: '2024-04-01',
  url: null,
  downloaded: true,
};
const i751 = {
  id: 3,
  number: 'I-751',
  name: 'Petition to Remove Conditions on Residence',
  category: 'Remoção de Condições',
  updated_at: '2024-04-01',
  url: null,
  downloaded: false,
};

/** RPC name -> the arguments of each call, in order. */
let rpcCalls: Record<string, Record<string, unknown>[]> = {};

/** The cron RPCs as the database answers them: the job exists, the requested run 77 succeeds at the first poll. */
function answer(name: string, result: unknown) {
  return rpc(name, (args) => {
    (rpcCalls[name] ??= []).push(args);
    return result;
  });
}

beforeEach(() => {
  rpcCalls = {};
  // stored out of order: the tab asks for number ascending
  db.seed('uscis_forms', [i751, i130]);
  db.seed('uscis_form_editions', []);
  server.use(
    answer('cron_jobs', [
      { jobid: 4, jobname: 'uscis-status-check' },
      { jobid: 9, jobname: 'uscis-forms-editions' },
    ]),
    answer('cron_run_now', 77),
    answer('cron_job_runs', [{ runid: 77, jobid: 9, status: 'succeeded' }]),
    answer('uscis_forms_last_check', [{ started_at: null, finished_at: null, status: null, checked_at: null }]),
  );
});

afterEach(() => {
  vi.useRealTimers();
});

describe('FormsTab update robot card', { timeout: 20_000 }, () => {
  it('Executar agora runs the uscis-forms-editions job through cron_run_now and refreshes the last check', async () => {
    renderWithProviders(<FormsTab />);
    await screen.findByText('I-751');
    const lastChecks = () => (rpcCalls.uscis_forms_last_check ?? []).length;
    const before = lastChecks();

    fireEvent.click(screen.getByRole('button', { name: 'Executar agora' }));
    expect(await screen.findByText('Verificação de edições concluída.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(rpcCalls.cron_run_now).toEqual([{ p_jobid: 9 }]);
    expect(rpcCalls.cron_job_runs).toEqual([{ p_jobid: 9, p_limit: 10 }]);
    await waitFor(() => expect(lastChecks()).toBeGreaterThan(before));
  });

  it('Configurar opens the scheduled jobs page', async () => {
    renderWithProviders(<FormsTab />);
    await screen.findByText('I-751');
    expect(screen.getByRole('link', { name: 'Configurar' })).toHaveAttribute('href', '/integracoes/tarefas-agendadas');
  });

  it('shows neither robot button to staff who are not administrators', async () => {
    renderWithProviders(<FormsTab />, { auth: { roles: ['legal_assistant'] } });
    await screen.findByText('I-751');
    expect(screen.queryByRole('button', { name: 'Executar agora' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Configurar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Configurar' })).not.toBeInTheDocument();
  });
});

describe('FormsTab (simulated refresh and download)', { timeout: 20_000 }, () => {
  it('uses the spec timings: refresh 2 s, download 1.5 s', () => {
    expect(FORMS_REFRESH_MS).toBe(2000);
    expect(FORM_DOWNLOAD_MS).toBe(1500);
  });

  it('shows Não baixado with Baixar, then Disponível with Ver and Preencher about 1.5 s after clicking', async () => {
    renderWithProviders(<FormsTab />);
    expect(await screen.findByText('I-751')).toBeInTheDocument();
    expect(screen.getByText('Não baixado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver I-130' })).toBeInTheDocument();
    expect(screen.getAllByText(/^I-(130|751)$/).map((cell) => cell.textContent)).toEqual(['I-130', 'I-751']);

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Baixar I-751' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByText('Iniciando download do formulário I-751')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(FORM_DOWNLOAD_MS - 300);
    });
    expect(screen.queryByText('Formulário I-751 baixado com sucesso!')).not.toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(screen.getByText('Formulário I-751 baixado com sucesso!')).toBeInTheDocument();
    expect(screen.queryByText('Não baixado')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preencher I-751' })).toBeInTheDocument();
    vi.useRealTimers();
    // only I-751 is marked, with downloaded alone
    await waitFor(() =>
      expect(db.rows('uscis_forms').map((f) => [f.id, f.downloaded])).toEqual([
        [3, true],
        [1, true],
      ]),
    );
    const [patch] = db.requests('/rest/v1/uscis_forms', 'PATCH');
    expect(patch!.params.get('id')).toBe('eq.3');
    expect(patch!.body).toEqual({ downloaded: true });
  });

  it('toasts Formulários atualizados com sucesso! 2 s after Atualizar Formulários', async () => {
    renderWithProviders(<FormsTab />);
    await screen.findByText('I-751');

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar Formulários' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FORMS_REFRESH_MS - 300);
    });
    expect(screen.queryByText('Formulários atualizados com sucesso!')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(screen.getByText('Formulários atualizados com sucesso!')).toBeInTheDocument();
  });

  it('filters by category chip and shows the empty text', async () => {
    renderWithProviders(<FormsTab />);
    await screen.findByText('I-751');
    fireEvent.click(screen.getByRole('button', { name: 'DACA' }));
    expect(screen.getByText('Nenhum formulário encontrado com os filtros atuais.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Todos' }));
    expect(screen.getByText('I-130')).toBeInTheDocument();
  });
});
