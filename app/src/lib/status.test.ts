import { describe, expect, it } from 'vitest';
import {
  financeStatusColor,
  isClosedProcessStatus,
  isOpenPayment,
  isPaidStatus,
  processGroup,
  processStatusColor,
  stageColor,
  TASK_PRIORITY_COLORS,
} from './status';

// Cases gathered from the processes screen, the client portal and finance, whose own copies these rules replace.
describe('processStatusColor (processes screen cases)', () => {
  it.each([
    ['concluído', 'green'],
    ['Completed', 'green'],
    ['aprovado', 'green'],
    ['em andamento', 'blue'],
    ['In Progress', 'blue'],
    ['aguardando entrevista', 'yellow'],
    ['em análise', 'purple'],
    ['renovação', 'orange'],
    ['pendente', 'amber'],
    ['pending', 'amber'],
    ['arquivado', 'gray'],
    ['archived', 'gray'],
    ['cancelado', 'red'],
    ['canceled', 'red'],
    ['algo novo', 'gray'],
    [undefined, 'gray'],
  ] as const)('%s -> %s', (status, color) => {
    expect(processStatusColor(status)).toBe(color);
  });
});

describe('processStatusColor (portal cases)', () => {
  it.each([
    ['Concluído', 'green'],
    ['completed', 'green'],
    ['aprovado', 'green'],
    ['em andamento', 'blue'],
    ['In Progress', 'blue'],
    ['aguardando entrevista', 'yellow'],
    ['em análise', 'purple'],
    ['renovação', 'orange'],
    ['pendente', 'amber'],
    ['pending', 'amber'],
    ['arquivado', 'gray'],
    ['archived', 'gray'],
    ['cancelado', 'red'],
    ['canceled', 'red'],
    ['qualquer coisa', 'gray'],
  ])('%s -> %s', (status, colour) => {
    expect(processStatusColor(status)).toBe(colour);
  });
});

describe('processGroup (case-insensitive)', () => {
  it.each([
    ['em andamento', 'active'],
    ['Em Andamento', 'active'],
    ['IN PROGRESS', 'active'],
    ['pendente', 'active'],
    ['Pending', 'active'],
    ['concluído', 'completed'],
    ['Concluido', 'completed'],
    ['COMPLETED', 'completed'],
    ['arquivado', 'archived'],
    ['Archived', 'archived'],
    ['cancelado', 'canceled'],
    ['canceled', 'canceled'],
    ['em análise', 'active'],
    ['', 'other'],
  ])('%s -> %s', (status, group) => {
    expect(processGroup(status)).toBe(group);
  });
});

describe('financeStatusColor (finance screens cases)', () => {
  it.each([
    ['paid', 'green'],
    ['Pago', 'green'],
    ['completed', 'green'],
    ['Concluído', 'green'],
    ['pending', 'amber'],
    ['Pendente', 'amber'],
    ['overdue', 'red'],
    ['Atrasado', 'red'],
    ['draft', 'gray'],
    ['rascunho', 'gray'],
    ['active', 'blue'],
    ['Ativo', 'blue'],
    ['Inativo', 'gray'],
    [null, 'gray'],
  ] as const)('%s -> %s', (status, color) => {
    expect(financeStatusColor(status)).toBe(color);
  });
});

describe('financeStatusColor (portal cases)', () => {
  it.each([
    ['paid', 'green'],
    ['Pago', 'green'],
    ['completed', 'green'],
    ['concluído', 'green'],
    ['pending', 'amber'],
    ['PENDENTE', 'amber'],
    ['overdue', 'red'],
    ['atrasado', 'red'],
    ['draft', 'gray'],
    ['rascunho', 'gray'],
    ['active', 'blue'],
    ['Ativo', 'blue'],
    ['other', 'gray'],
  ])('%s -> %s', (status, colour) => {
    expect(financeStatusColor(status)).toBe(colour);
  });

  it('counts pending and overdue payments as open', () => {
    expect(isOpenPayment('pending')).toBe(true);
    expect(isOpenPayment('Atrasado')).toBe(true);
    expect(isOpenPayment('paid')).toBe(false);
  });
});

describe('rules the screens had each their own copy of', () => {
  it.each([
    ['sent', 'blue'],
    ['accepted', 'green'],
    ['declined', 'red'],
    ['expired', 'orange'],
    ['partial', 'yellow'],
    ['cancelled', 'gray'],
  ] as const)('quote, contract and installment status %s -> %s', (status, colour) => {
    expect(financeStatusColor(status)).toBe(colour);
  });

  it('closes a process when concluded, archived or cancelled, in any spelling, but not on approval', () => {
    for (const status of ['concluído', 'Concluido', 'completed', 'Arquivado', 'archived', 'cancelado', 'cancelled']) {
      expect(isClosedProcessStatus(status)).toBe(true);
    }
    for (const status of ['em andamento', 'aprovado', 'pendente', '', null])
      expect(isClosedProcessStatus(status)).toBe(false);
  });

  it('counts paid payments in Portuguese and English, with or without accents', () => {
    expect(['paid', 'Pago', 'completed', 'Concluído'].every(isPaidStatus)).toBe(true);
    expect(isPaidStatus('pendente')).toBe(false);
  });

  it('gives high priority tasks red and low green', () => {
    expect(TASK_PRIORITY_COLORS).toEqual({ alta: 'red', media: 'yellow', baixa: 'green' });
  });
});

describe('stageColor', () => {
  it.each([
    ['Aprovado', 'green'],
    ['Aprovação final', 'green'],
    ['Negado', 'red'],
    ['RFE', 'orange'],
    ['Resposta ao NOID', 'orange'],
    ['Aguardando entrevista', 'yellow'],
    ['Cartão Entregue', 'emerald'],
    ['Em processamento', 'blue'],
    ['Apelação', 'purple'],
    ['Biometria', 'gray'],
    ['', 'gray'],
    [null, 'gray'],
  ] as const)('%s -> %s', (stage, color) => {
    expect(stageColor(stage)).toBe(color);
  });
});
