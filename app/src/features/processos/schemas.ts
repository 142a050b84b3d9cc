/** Form rules of the processes screen (spec section 5). */
import { z } from 'zod';

export const stageUpdateSchema = z.object({
  stageId: z.string().min(1, 'Selecione um estágio'),
  notificationChannel: z.enum(['email', 'whatsapp']),
  notificationMessage: z.string().optional(),
});
export type StageUpdateInput = z.infer<typeof stageUpdateSchema>;

export const documentRequestSchema = z.object({
  documentName: z.string().trim().min(2, 'Nome do documento é obrigatório'),
  documentDescription: z.string().optional(),
  isRequired: z.boolean(),
});
export type DocumentRequestInput = z.infer<typeof documentRequestSchema>;

/** USCIS receipt numbers: 3 letters + 10 digits (e.g. MSC2090123456). */
export const RECEIPT_NUMBER_PATTERN = /^[A-Z]{3}\d{10}$/;

/** Upper-case and drop spaces and dashes: "msc 209-0123456" -> "MSC2090123456". */
export function normalizeIdentifier(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** The process ID as the spec reads it (parsed as an integer); null when not a positive integer. */
export function parseProcessId(value: string | number | null | undefined): number | null {
  const n = Number.parseInt(String(value ?? '').trim(), 10);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The process form: type, client and status required; receipt optional but well-formed. */
export const processFormSchema = z.object({
  caseTypeId: z.string().min(1, 'Selecione o tipo de processo'),
  clientId: z.string().min(1, 'Selecione o cliente'),
  category: z.string().min(1, 'Selecione a categoria'),
  receiptNumber: z
    .string()
    .transform(normalizeIdentifier)
    .refine((v) => v === '' || RECEIPT_NUMBER_PATTERN.test(v), 'Número de recibo inválido (3 letras + 10 dígitos)'),
  responsibleId: z.string(),
  stage: z.string(),
  status: z.string().min(1, 'Selecione o status'),
  description: z.string(),
  openedAt: z.string().min(1, 'Informe a data de abertura'),
  filedAt: z.string(),
  nextDate: z.string(),
});
export type ProcessFormValues = z.input<typeof processFormSchema>;
