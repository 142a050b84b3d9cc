import { describe, expect, it } from 'vitest';
import { ALL_CATEGORIES, FORM_CATEGORIES, filterForms } from './forms-filter';

const forms = [
  { number: 'I-130', name: 'Petition for Alien Relative', category: 'Petições Familiares' },
  { number: 'I-485', name: 'Application to Register Permanent Residence or Adjust Status', category: 'Green Card' },
  { number: 'N-400', name: 'Application for Naturalization', category: 'Cidadania e Naturalização' },
  { number: 'I-765', name: 'Application for Employment Authorization', category: 'Ajuste de Status' },
];

describe('filterForms', () => {
  it('has the 12 categories of the spec', () => {
    expect(FORM_CATEGORIES).toHaveLength(12);
    expect(FORM_CATEGORIES).toContain('Remoção de Condições');
  });

  it('returns everything with no search and Todos', () => {
    expect(filterForms(forms, '', ALL_CATEGORIES)).toHaveLength(4);
  });

  it('searches the number case-insensitively', () => {
    expect(filterForms(forms, 'n-4', ALL_CATEGORIES).map((f) => f.number)).toEqual(['N-400']);
  });

  it('searches the name case-insensitively', () => {
    expect(filterForms(forms, 'APPLICATION', ALL_CATEGORIES).map((f) => f.number)).toEqual(['I-485', 'N-400', 'I-765']);
  });

  it('filters by one category', () => {
    expect(filterForms(forms, '', 'Green Card').map((f) => f.number)).toEqual(['I-485']);
  });

  it('combines search and category', () => {
    expect(filterForms(forms, 'application', 'Ajuste de Status').map((f) => f.number)).toEqual(['I-765']);
    expect(filterForms(forms, 'petition', 'Green Card')).toEqual([]);
  });
});
