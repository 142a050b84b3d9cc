import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, postgrestError, restUrl, server } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';
import { CaseTypesCard, caseTypeId } from './case-types-card';

beforeEach(() => {
  db.seed('case_types', [
    { id: 'outro', label: 'Outro', category: 'USCIS', is_active: true, sort_order: 999 },
    { id: 'asilo', label: 'Asilo', category: 'EOIR', is_active: true, sort_order: 20 },
    {
      id: 'green_card_casamento',
      label: 'Green Card por casamento',
      category: 'USCIS',
      is_active: true,
      sort_order: 10,
    },
    { id: 'visto_consular', label: 'Visto consular', category: 'Consulado', is_active: false, sort_order: 30 },
  ]);
});

/** The listed types, top to bottom (each row's checkbox is named after its type). */
const labels = () =>
  screen.getAllByRole('checkbox').map((checkbox) => checkbox.getAttribute('aria-label')!.replace(/^Ativo: /, ''));
const box = (label: string) => screen.getByRole('checkbox', { name: `Ativo: ${label}` });

async function renderCard(canEdit = true) {
  const view = renderWithProviders(<CaseTypesCard canEdit={canEdit} />);
  await screen.findByText('Asilo');
  return view;
}

describe('caseTypeId', () => {
  it("follows the catalogue's id rule", () => {
    expect(caseTypeId('Visto de Investidor (EB-5)')).toBe('visto_de_investidor_eb_5');
    expect(caseTypeId('  Petição de Cônjuge  ')).toBe('peticao_de_conjuge');
  });
});

describe('CaseTypesCard', () => {
  it('lists the catalogue in its order with categories, the inactive ones struck through', async () => {
    await renderCard();
    expect(screen.getByText('Tipos de caso')).toBeInTheDocument();
    expect(labels()).toEqual(['Green Card por casamento', 'Asilo', 'Visto consular', 'Outro']);
    expect(within(screen.getAllByRole('listitem')[1]!).getByText('EOIR')).toBeInTheDocument();
    expect(box('Asilo')).toBeChecked();
    expect(box('Visto consular')).not.toBeChecked();
    expect(screen.getByText('Visto consular')).toHaveClass('line-through');
    expect(screen.getByText('Asilo')).not.toHaveClass('line-through');
  });

  it('switches a type off and on again, one PATCH of that row each time', async () => {
    await renderCard();
    await userEvent.click(box('Asilo'));
    await waitFor(() => expect(box('Asilo')).not.toBeChecked());
    expect(screen.getByText('Asilo')).toHaveClass('line-through');
    await waitFor(() => expect(box('Visto consular')).toBeEnabled());
    await userEvent.click(box('Visto consular'));
    await waitFor(() => expect(box('Visto consular')).toBeChecked());
    const patches = db.requests('/rest/v1/case_types', 'PATCH');
    expect(patches.map((p) => [p.params.get('id'), p.body])).toEqual([
      ['eq.asilo', { is_active: false }],
      ['eq.visto_consular', { is_active: true }],
    ]);
  });

  it('adds a type after the last ordinary one (the catch-all 999 stays last)', async () => {
    await renderCard();
    const add = screen.getByRole('button', { name: 'Adicionar' });
    await userEvent.type(screen.getByLabelText('Novo tipo de caso'), 'V');
    expect(add).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Novo tipo de caso'), 'isto de Investidor (EB-5) ');
    await userEvent.selectOptions(screen.getByLabelText('Categoria'), 'Consulado');
    await userEvent.click(add);
    await waitFor(() => expect(labels()).toContain('Visto de Investidor (EB-5)'));
    expect(db.requests('/rest/v1/case_types', 'POST').map((r) => r.body)).toEqual([
      { id: 'visto_de_investidor_eb_5', label: 'Visto de Investidor (EB-5)', category: 'Consulado', sort_order: 40 },
    ]);
    expect(screen.getByLabelText('Novo tipo de caso')).toHaveValue('');
  });

  it("shows the database's refusal in the error toast and keeps what was typed", async () => {
    server.use(
      http.post(restUrl('case_types'), () =>
        postgrestError(409, '23505', 'duplicate key value violates unique constraint "case_types_pkey"'),
      ),
    );
    await renderCard();
    await userEvent.type(screen.getByLabelText('Novo tipo de caso'), 'Asilo');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(
      await screen.findByText('Erro ao salvar configurações: Já existe um registro com esses dados.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Novo tipo de caso')).toHaveValue('Asilo');
  });

  it('shows other staff the catalogue without letting them change it', async () => {
    await renderCard(false);
    expect(labels()).toEqual(['Green Card por casamento', 'Asilo', 'Visto consular', 'Outro']);
    for (const label of ['Green Card por casamento', 'Asilo', 'Visto consular', 'Outro'])
      expect(box(label)).toBeDisabled();
    expect(screen.queryByLabelText('Novo tipo de caso')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adicionar' })).not.toBeInTheDocument();
  });
});
