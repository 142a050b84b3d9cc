import { describe, expect, it } from 'vitest';
import { parseProcessingTimes } from './processing-times';

describe('processing times from a file', () => {
  it('reads a CSV with semicolons and decimal commas', () => {
    const rows = parseProcessingTimes(
      'form;office;form_category;min_months;max_months;published_on\ni-485;National Benefits Center;"Família; ajuste";8,5;21;2026-01-15\n',
    );
    expect(rows).toEqual([
      {
        form: 'I-485',
        office: 'National Benefits Center',
        form_category: 'Família; ajuste',
        min_months: 8.5,
        max_months: 21,
        published_on: '2026-01-15',
        source: 'import',
      },
    ]);
  });

  it('reads a JSON list', () => {
    const rows = parseProcessingTimes('[{"form":"I-130","office":"Potomac","min_months":12,"max_months":30}]');
    expect(rows[0]).toMatchObject({ form: 'I-130', office: 'Potomac', form_category: '', published_on: null });
  });

  it('refuses crafted rows with the line at fault', () => {
    expect(() => parseProcessingTimes('form,office,min_months,max_months\nI-485,NBC,30,2\n')).toThrow(
      'Linha 2: o máximo é menor que o mínimo',
    );
    expect(() => parseProcessingTimes("form,office,min_months,max_months\n'; drop table x,NBC,1,2\n")).toThrow(
      'Linha 2: formulário inválido',
    );
    expect(() => parseProcessingTimes('form,office\nI-485,NBC\n')).toThrow('Cabeçalho sem a coluna min_months');
    expect(() => parseProcessingTimes('[1]')).toThrow('Item 1: objeto esperado');
  });
});
