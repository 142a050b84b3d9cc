import { describe, expect, it } from 'vitest';
import { emptyCounts, isStage, moveCount, withLeadFirst, withoutLead, type Lead } from './leads';

const lead = (id: string, stage: Lead['stage'], changed = '2026-01-01T00:00:00Z'): Lead => ({
  id,
  name: `Lead ${id}`,
  email: null,
  phone: null,
  source: 'site',
  case_type_interest: null,
  stage,
  owner_id: null,
  notes: null,
  client_id: null,
  stage_changed_at: changed,
  created_at: changed,
});

describe('leads', () => {
  it('moves a card to the top of its new column and out of the old one, and stamps the change', () => {
    const source = [[lead('a', 'novo'), lead('b', 'novo')], [lead('c', 'novo')]];
    const target = [[lead('d', 'contato')]];
    const at = new Date('2026-03-01T12:00:00Z');
    expect(withoutLead(source, 'b').map((page) => page.map((l) => l.id))).toEqual([['a'], ['c']]);
    const moved = withLeadFirst(target, source[0]![1]!, 'contato', at);
    expect(moved.map((page) => page.map((l) => l.id))).toEqual([['b', 'd']]);
    expect(moved[0]![0]).toMatchObject({ stage: 'contato', stage_changed_at: '2026-03-01T12:00:00.000Z' });
    expect(withLeadFirst([], lead('x', 'novo'), 'perdido', at)[0]![0]!.stage).toBe('perdido');
  });

  it('moves one count from a stage to another; the same stage changes nothing', () => {
    const counts = { ...emptyCounts(), novo: 1234, contato: 2 };
    expect(moveCount(counts, 'novo', 'contato')).toEqual({ ...counts, novo: 1233, contato: 3 });
    expect(moveCount(counts, 'novo', 'novo')).toBe(counts);
    expect(moveCount(emptyCounts(), 'novo', 'perdido')).toMatchObject({ novo: 0, perdido: 1 });
  });

  it('knows the stages', () => {
    expect(isStage('fechado')).toBe(true);
    expect(isStage('ganho')).toBe(false);
  });
});
