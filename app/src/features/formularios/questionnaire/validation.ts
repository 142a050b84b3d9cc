/** zod rules of the questionnaire's answers: every field optional, but what is written must be well-formed. */
import { isValid, parseISO } from 'date-fns';
import { z } from 'zod';
import { QUESTIONNAIRE, type QuestionField } from './definition';

export const messages = {
  date: 'Data inválida',
  aNumber: 'Número A inválido: A seguido de 8 ou 9 dígitos (ex.: A123456789)',
  ssn: 'SSN inválido: use o formato 123-45-6789',
  receipt: 'Recibo inválido: IOE, EAC, WAC, LIN, SRC, NBC ou MSC seguido de 10 dígitos',
} as const;

export const A_NUMBER = /^A\d{8,9}$/;
export const SSN = /^\d{3}-\d{2}-\d{4}$/;
export const RECEIPT = /^(IOE|EAC|WAC|LIN|SRC|NBC|MSC)\d{10}$/;

function fieldSchema(field: QuestionField) {
  const text = z.string().trim();
  const optional = (check: (value: string) => boolean, message: string) =>
    text.refine((value) => value === '' || check(value), { message }).optional();
  if (field.kind === 'date')
    return optional((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isValid(parseISO(v)), messages.date);
  if (field.rule === 'aNumber') return optional((v) => A_NUMBER.test(v), messages.aNumber);
  if (field.rule === 'ssn') return optional((v) => SSN.test(v), messages.ssn);
  if (field.rule === 'receipt') return optional((v) => RECEIPT.test(v), messages.receipt);
  if (field.kind === 'email') return optional((v) => z.email().safeParse(v).success, 'E-mail inválido');
  return text.max(500, 'Texto longo demais').optional();
}

const sections = Object.fromEntries(
  QUESTIONNAIRE.map((section) => {
    const entry = z.object(Object.fromEntries(section.fields.map((field) => [field.key, fieldSchema(field)])));
    return [section.key, section.repeated ? z.array(entry).optional() : entry.optional()];
  }),
);

export const answersSchema = z.object(sections);
export type Answers = Record<string, Record<string, string> | Record<string, string>[] | undefined>;

/** Empty form values for every section (repeated sections start with no entries). */
export function emptyAnswers(): Answers {
  return Object.fromEntries(
    QUESTIONNAIRE.map((section) => [
      section.key,
      section.repeated ? [] : Object.fromEntries(section.fields.map((field) => [field.key, ''])),
    ]),
  );
}

/** Stored answers merged over the empty shape, so every input is controlled. */
export function toFormValues(stored: unknown): Answers {
  const base = emptyAnswers();
  if (!stored || typeof stored !== 'object') return base;
  const source = stored as Record<string, unknown>;
  for (const section of QUESTIONNAIRE) {
    const value = source[section.key];
    const blank = Object.fromEntries(section.fields.map((field) => [field.key, '']));
    if (section.repeated) {
      base[section.key] = Array.isArray(value)
        ? value.map((item) => ({ ...blank, ...(item as Record<string, string>) }))
        : [];
    } else if (value && typeof value === 'object') {
      base[section.key] = { ...blank, ...(value as Record<string, string>) };
    }
  }
  return base;
}
