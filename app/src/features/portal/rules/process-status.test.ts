import { describe, expect, it } from 'vitest';
import { filterProcesses, processGroup, processStatusColor, statusLabel } from './process-status';

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

describe('filterProcesses', () => {
  const list = [
    { id: 1, status: 'em andamento' },
    { id: 2, status: 'Concluído' },
    { id: 3, status: 'pending' },
    { id: 4, status: 'archived' },
    { id: 5, status: 'cancelado' },
  ];
  it('keeps all, the active ones or the completed ones', () => {
    expect(filterProcesses(list, 'all').map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
    expect(filterProcesses(list, 'active').map((p) => p.id)).toEqual([1, 3]);
    expect(filterProcesses(list, 'completed').map((p) => p.id)).toEqual([2]);
  });
});

describe('processStatusColor (spec section 4)', () => {
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

  it('capitalises the label', () => {
    expect(statusLabel('em andamento')).toBe('Em andamento');
    expect(statusLabel(null)).toBe('-');
  });
});
