export const formsKeys = {
  all: ['formularios'] as const,
  editions: () => [...formsKeys.all, 'editions'] as const,
  mapping: (editionId: number) => [...formsKeys.all, 'mapping', editionId] as const,
  questionnaire: (clientId: string) => [...formsKeys.all, 'questionnaire', clientId] as const,
};
