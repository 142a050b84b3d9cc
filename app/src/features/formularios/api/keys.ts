import { readsTables } from '@/lib/data-keys';
export const formsKeys = {
  all: ['formularios'] as const,
  editions: () => [...formsKeys.all, 'editions'] as const,
  mapping: (editionId: number) => [...formsKeys.all, 'mapping', editionId] as const,
  forms: () => [...formsKeys.all, 'forms'] as const,
  processes: () => [...formsKeys.all, 'processes'] as const,
  questionnaire: (clientId: string) => [...formsKeys.all, 'questionnaire', clientId] as const,
};

// the forms library, editions, mappings, the processes a form is filled for, the client's questionnaire (and the
// client it belongs to)
readsTables(formsKeys.all, [
  'uscis_form_editions',
  'uscis_forms',
  'uscis_form_mappings',
  'client_questionnaires',
  'clients',
  'processes',
]);
