/**
 * "Pedir ao cliente", as the process route composes it: the packet report of Processos with the questionnaire
 * answers Formulários says each form lacked; confirming sends the client one document request (the portal shows
 * it) listing the questions per form.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { missingAnswers } from '@/features/formularios';
import { PacketReport } from '@/features/processos';
import { db } from '@/testing/supabase-server';
import { renderWithProviders } from '@/testing/test-utils';

const process = {
  id: 1,
  type: 'Remoção de condições (I-751)',
  client_id: 'c1',
  client_name: 'Maria Silva',
  receipt_number: null,
  category: 'Imigratório - USCIS',
  stage: 'Documentação',
  status: 'em andamento',
  last_update: '2025-01-10',
  next_date: null,
  client: { id: 'c1', full_name: 'Maria Silva', email: 'maria.silva@cliente.test', phone: null },
};

const packet = { id: 'p1', name: 'Pacote', file_path: 'c1/formularios/pacote.pdf' };

function result(forms: { formNumber: string; emptyFields: { name: string; dataPath: string }[] }[]) {
  return {
    caseType: { id: 'remocao_condicoes', label: 'Remoção de condições (I-751)', forms: 'I-751, G-28' },
    forms: forms.map((form) => ({ ...form, filledCount: 10, unmappedCount: 2 })),
    skipped: [],
    exhibits: 0,
    packet,
    signedUrl: null,
  };
}

const GAPS = result([
  {
    formNumber: 'I-751',
    emptyFields: [
      { name: 'P1_Line14_CRExpiresOn[0]', dataPath: 'questionnaire.immigration.conditional_residence_expires' },
      { name: 'Line5_AlienNumber[0]', dataPath: 'questionnaire.marital.spouse_a_number' },
      // a later child left empty: the client has no more children, nothing to ask
      { name: 'Line13a_FamilyName[2]', dataPath: 'questionnaire.children.3.full_name' },
      // the office's own data: the staff's to complete, never the client's
      { name: 'AttorneyStateBarNumber[0]', dataPath: 'attorney.bar_number' },
    ],
  },
  { formNumber: 'G-28', emptyFields: [] },
  {
    formNumber: 'I-90',
    emptyFields: [
      { name: 'P1_Line6f_ZipCode[0]', dataPath: 'questionnaire.addresses.0.zip' },
      { name: 'P1_Line6b_StreetNumberName[0]', dataPath: 'questionnaire.addresses.0.street' },
      { name: 'P1_checkbox6c_Unit[0]', dataPath: 'questionnaire.addresses.0.street' },
    ],
  },
]);

describe('Pedir ao cliente (packet report)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    db.seed('document_requests', []);
    db.seed('process_notifications', []);
  });

  it('lists what each form lacks and, after confirmation, asks the client once in the portal', async () => {
    renderWithProviders(<PacketReport process={process} result={GAPS} askable={missingAnswers} />);
    const missing = screen.getByTestId('packet-missing');
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'I-751: Histórico imigratório — Vencimento do green card condicional (2 anos), se tiver; Estado civil — Número A do cônjuge',
      'I-90: Endereço 1 — CEP / ZIP code; Endereço 1 — Rua, número e complemento',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Pedir ao cliente' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Pedir ao cliente os dados que faltam?');
    expect(confirm).toHaveTextContent('completar o questionário com 4 resposta(s)');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmar' }));

    expect(await screen.findByText('Pedido enviado: o cliente vê o pedido no portal.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pedir ao cliente' })).not.toBeInTheDocument();
    const [insert] = db.requests('/rest/v1/document_requests', 'POST');
    expect(insert!.body).toEqual({
      process_id: 1,
      document_name: 'Completar o questionário para os formulários',
      document_description: [
        'Responda no Questionário do portal as perguntas abaixo, usadas nos formulários do seu processo:',
        'I-751: Histórico imigratório — Vencimento do green card condicional (2 anos), se tiver; Estado civil — Número A do cônjuge',
        'I-90: Endereço 1 — CEP / ZIP code; Endereço 1 — Rua, número e complemento',
      ].join('\n'),
      is_required: true,
    });
    expect(db.rows('document_requests')).toHaveLength(1);
    expect(db.rows('process_notifications')).toEqual([
      expect.objectContaining({ process_id: 1, notification_type: 'document_request' }),
    ]);
  });

  it('Cancelar sends nothing', async () => {
    renderWithProviders(<PacketReport process={process} result={GAPS} askable={missingAnswers} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pedir ao cliente' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('button', { name: 'Pedir ao cliente' })).toBeInTheDocument();
    expect(db.requests('/rest/v1/document_requests', 'POST')).toEqual([]);
  });

  it('has no button when the client has nothing to answer (only the office lacks data)', () => {
    const officeOnly = result([
      { formNumber: 'G-28', emptyFields: [{ name: 'Pt1Line2_BarNumber[0]', dataPath: 'attorney.bar_number' }] },
    ]);
    renderWithProviders(<PacketReport process={process} result={officeOnly} askable={missingAnswers} />);
    expect(screen.getByTestId('packet-report')).toHaveTextContent('G-28: 10 campos preenchidos, 1 sem dado');
    expect(screen.queryByRole('button', { name: 'Pedir ao cliente' })).not.toBeInTheDocument();
  });
});
