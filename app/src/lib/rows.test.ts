import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOneOf, keepParsed } from './rows';

const STATUSES = ['pendente', 'concluida'] as const;

describe('isOneOf', () => {
  it('accepts the listed values only', () => {
    expect(isOneOf(STATUSES, 'pendente')).toBe(true);
    expect(isOneOf(STATUSES, 'arquivada')).toBe(false);
    expect(isOneOf(STATUSES, 'Pendente')).toBe(false);
    expect(isOneOf(STATUSES, null)).toBe(false);
    expect(isOneOf(STATUSES, 1)).toBe(false);
  });
});

describe('keepParsed', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the accepted rows in order and warns once per row left out', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const rows = [
      { id: 1, status: 'pendente' },
      { id: 2, status: 'arquivada' },
      { id: 3, status: 'concluida' },
    ];
    const kept = keepParsed(
      rows,
      (row) => (isOneOf(STATUSES, row.status) ? { ...row, status: row.status } : null),
      'tasks',
    );
    expect(kept.map((row) => row.id)).toEqual([1, 3]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('tasks');
    expect(warn.mock.calls[0]?.[1]).toEqual({ id: 2, status: 'arquivada' });
  });

  it('reads no rows as an empty list', () => {
    expect(keepParsed(null, () => 1, 'x')).toEqual([]);
    expect(keepParsed(undefined, () => 1, 'x')).toEqual([]);
  });
});
