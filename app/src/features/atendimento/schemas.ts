/** Interaction form rules (spec section 5). */
import { z } from 'zod';

export const INTERACTION_TYPES = ['call', 'message', 'document', 'meeting', 'other'] as const;
export type InteractionType = (typeof INTERACTION_TYPES)[number];
export const INTERACTION_STATUSES = ['pending', 'completed', 'cancelled', 'scheduled'] as const;
export type InteractionStatus = (typeof INTERACTION_STATUSES)[number];

export const TYPE_LABELS: Record<InteractionType, string> = {
  call: 'Ligação',
  message: 'Mensagem',
  document: 'Documento',
  meeting: 'Reunião',
  other: 'Outro',
};

export const STATUS_LABELS: Record<InteractionStatus, string> = {
  pending: 'Pendente',
  completed: 'Concluído',
  cancelled: 'Cancelado',
  scheduled: 'Agendado',
};

/** Duration is asked only for calls and meetings. */
export function asksDuration(type: string): boolean {
  return type === 'call' || type === 'meeting';
}

const oneOf = <T extends readonly string[]>(values: T, message: string) =>
  z.string().refine((value) => (values as readonly string[]).includes(value), message);

export const interactionSchema = z.object({
  clientId: z.string().min(1, 'Por favor selecione um cliente'),
  processId: z.string().optional(),
  type: oneOf(INTERACTION_TYPES, 'Por favor selecione um tipo de interação'),
  contactDate: z.string().min(1, 'Por favor informe a data'),
  duration: z
    .string()
    .optional()
    .refine(
      (value) => !value || (Number.isInteger(Number(value)) && Number(value) > 0),
      'A duração deve ser um número inteiro de minutos',
    ),
  content: z.string().trim().min(10, 'A descrição deve ter pelo menos 10 caracteres'),
  status: oneOf(INTERACTION_STATUSES, 'Por favor selecione um status'),
});
export type InteractionInput = z.infer<typeof interactionSchema>;

/** The row stored in `interactions` for a valid form. */
export function interactionPayload(input: InteractionInput) {
  const processId = input.processId ? Number.parseInt(input.processId, 10) : NaN;
  return {
    client_id: input.clientId,
    process_id: Number.isInteger(processId) ? processId : null,
    type: input.type as InteractionType,
    content: input.content.trim(),
    contact_date: new Date(input.contactDate).toISOString(),
    duration_minutes: asksDuration(input.type) && input.duration ? Number(input.duration) : null,
    status: input.status as InteractionStatus,
  };
}
