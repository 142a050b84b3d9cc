/** USCIS forms library: the categories of spec section 9 and the search + category filter. */
import { normalizeText } from './text';

export const FORM_CATEGORIES = [
  'Green Card',
  'Cidadania e Naturalização',
  'Asilo e Refúgio',
  'Vistos de Não-Imigrante',
  'Vistos de Imigrante',
  'DACA',
  'Waivers',
  'Petições Familiares',
  'Petições Empresariais',
  'Ajuste de Status',
  'Processos Consulares',
  'Remoção de Condições',
] as const;

/** The chip that shows every category. */
export const ALL_CATEGORIES = 'Todos';

export interface FormLike {
  number: string;
  name: string;
  category: string;
}

/** Case-insensitive search over number and name, combined with one category ('Todos' = any). */
export function filterForms<T extends FormLike>(forms: readonly T[], search: string, category: string): T[] {
  const query = normalizeText(search);
  return forms.filter((form) => {
    if (category && category !== ALL_CATEGORIES && form.category !== category) return false;
    if (!query) return true;
    return normalizeText(form.number).includes(query) || normalizeText(form.name).includes(query);
  });
}
