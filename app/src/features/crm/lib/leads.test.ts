import { describe, expect, it } from 'vitest';
import { groupByStage, isStage, moveLead, type Lead } from './leads';

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
  it('groups every stage, newest change first', () => {
    const groups = groupByStage([lead('a', 'novo'), lead('b', 'novo', '2026-02-01T00:00:00Z'), lead('c', 'perdido')]);
    expect(groups.novo.map((l) => l.id)).toEqual(['b', 'a']);
    expect(groups.contato).toEqual([]);
    expect(groups.perdido).toHaveLength(1);
  });

  it('moves one lead and stamps the change; the same stage changes nothing', () => {
    const leads = [lead('a', 'novo'), lead('b', 'contato')];
    const moved = moveLead(leads, 'a', 'proposta', new Date('2026-03-01T12:00:00Z'));
    expect(moved[0]).toMatchObject({ stage: 'proposta', stage_changed_at: '2026-03-01T12:00:00.000Z' });
    expect(moved[1]).toBe(leads[1]);
    expect(moveLead(leads, 'b', 'contato')[1]).toBe(leads[1]);
  });

  it('knows the stages', () => {
    expect(isStage('fechado')).toBe(true);
    expect(isStage('ganho')).toBe(false);
  });
});
