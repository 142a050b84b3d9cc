import { describe, expect, it } from 'vitest';
import { documentProgress, documentStages, neighbourStages } from './documents';

describe('document steps', () => {
  it('has the Brazilian steps only when the request needs them', () => {
    expect(documentStages({ needs_apostille: true, needs_translation: true })).toEqual([
      'solicitado',
      'recebido',
      'apostilado',
      'traduzido',
      'pronto',
    ]);
    expect(documentStages({})).toEqual(['solicitado', 'recebido', 'pronto']);
    expect(documentStages({ needs_translation: true })).toEqual(['solicitado', 'recebido', 'traduzido', 'pronto']);
  });

  it('moves one step at a time', () => {
    expect(neighbourStages({ stage: 'recebido', needs_apostille: true })).toEqual({
      next: 'apostilado',
      previous: 'solicitado',
    });
    expect(neighbourStages({ stage: 'pronto' })).toEqual({ next: null, previous: 'recebido' });
    expect(neighbourStages({ stage: 'solicitado' })).toEqual({ next: 'recebido', previous: null });
  });
});

describe('documentProgress', () => {
  it('counts the required documents received', () => {
    expect(
      documentProgress([
        { status: 'fulfilled', is_required: true },
        { status: 'pending', is_required: true },
        { status: 'pending', is_required: true },
        { status: 'fulfilled', is_required: true },
        { status: 'pending', is_required: false },
      ]),
    ).toEqual({ done: 2, total: 4, percent: 50 });
    expect(documentProgress([])).toEqual({ done: 0, total: 0, percent: 100 });
  });
});
