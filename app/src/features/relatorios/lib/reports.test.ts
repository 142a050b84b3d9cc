import { describe, expect, it } from 'vitest';
import { NO_STAGE, processesByTypeAndStage } from './reports';

describe('reports', () => {
  it("lays out the database's counts by type and stage", () => {
    const { stages, rows } = processesByTypeAndStage([
      { type: 'Green Card', stage: 'Protocolo', total: 1200 },
      { type: 'Asilo', stage: null, total: 1 },
      { type: 'Asilo', stage: '', total: 2 },
    ]);
    expect(stages).toEqual(['Protocolo', NO_STAGE]);
    expect(rows.map(([type, byStage]) => [type, Object.fromEntries(byStage)])).toEqual([
      ['Asilo', { [NO_STAGE]: 3 }],
      ['Green Card', { Protocolo: 1200 }],
    ]);
  });
});
