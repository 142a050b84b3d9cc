import { describe, expect, it } from 'vitest';
import { clientsBySource, daysPerStage, DIRECT, NO_STAGE, processesByTypeAndStage } from './reports';

describe('reports', () => {
  it('counts processes by type and stage', () => {
    const { stages, rows } = processesByTypeAndStage([
      { id: 1, type: 'Green Card', stage: 'Protocolo', status: 'em andamento' },
      { id: 2, type: 'Green Card', stage: 'Protocolo', status: 'em andamento' },
      { id: 3, type: 'Asilo', stage: null, status: 'em andamento' },
    ]);
    expect(stages).toEqual(['Protocolo', NO_STAGE]);
    expect(rows.map(([type, byStage]) => [type, Object.fromEntries(byStage)])).toEqual([
      ['Asilo', { [NO_STAGE]: 1 }],
      ['Green Card', { Protocolo: 2 }],
    ]);
  });

  it('measures the days between stage changes; the current stage runs until now', () => {
    const now = new Date('2026-01-31T00:00:00Z');
    const result = daysPerStage(
      [
        { process_id: 1, to_value: 'Análise', created_at: '2026-01-01T00:00:00Z' },
        { process_id: 1, to_value: 'Entrevista', created_at: '2026-01-11T00:00:00Z' },
        { process_id: 2, to_value: 'Análise', created_at: '2026-01-21T00:00:00Z' },
      ],
      now,
    );
    expect(result).toEqual([
      { stage: 'Entrevista', averageDays: 20, count: 1 },
      { stage: 'Análise', averageDays: 10, count: 2 },
    ]);
  });

  it('counts clients by the source of their lead', () => {
    expect(
      clientsBySource(
        ['a', 'b', 'c'],
        [
          { client_id: 'a', source: 'instagram' },
          { client_id: 'b', source: 'instagram' },
          { client_id: null, source: 'site' },
        ],
      ),
    ).toEqual([
      { source: 'instagram', count: 2 },
      { source: DIRECT, count: 1 },
    ]);
  });
});
