import { describe, expect, it } from 'vitest';
import { filterProcesses, statusLabel } from './process-status';

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

describe('statusLabel', () => {
  it('capitalises the label', () => {
    expect(statusLabel('em andamento')).toBe('Em andamento');
    expect(statusLabel(null)).toBe('-');
  });
});
