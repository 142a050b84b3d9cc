import { readsTables } from '@/lib/data-keys';
export const atendimentoKeys = {
  all: ['atendimento'] as const,
  interactions: () => [...atendimentoKeys.all, 'interactions'] as const,
};

readsTables(atendimentoKeys.all, ['interactions', 'clients', 'processes']);
