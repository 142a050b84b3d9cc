import { describe, expect, it } from 'vitest';
import { canCancel, canComplete } from './lib/interactions';
import { asksDuration, interactionPayload, interactionSchema, type InteractionInput } from './schemas';

const valid: InteractionInput = {
  clientId: 'c1',
  processId: '',
  type: 'call',
  contactDate: '2025-03-10T14:30',
  duration: '25',
  content: 'Ligação sobre a entrevista',
  status: 'completed',
};

function firstMessage(input: Partial<InteractionInput>): string | undefined {
  return interactionSchema.safeParse({ ...valid, ...input }).error?.issues[0]?.message;
}

describe('interaction form rules', () => {
  it('accepts a complete form', () => {
    expect(interactionSchema.safeParse(valid).success).toBe(true);
  });
  it('requires a client', () => {
    expect(firstMessage({ clientId: '' })).toBe('Por favor selecione um cliente');
  });
  it('requires a known type', () => {
    expect(firstMessage({ type: '' })).toBe('Por favor selecione um tipo de interação');
    expect(firstMessage({ type: 'visit' })).toBe('Por favor selecione um tipo de interação');
  });
  it('requires a date', () => {
    expect(firstMessage({ contactDate: '' })).toBe('Por favor informe a data');
  });
  it('requires at least 10 characters of description', () => {
    expect(firstMessage({ content: 'curto     ' })).toBe('A descrição deve ter pelo menos 10 caracteres');
    expect(firstMessage({ content: '1234567890' })).toBeUndefined();
  });
  it('requires a known status', () => {
    expect(firstMessage({ status: 'done' })).toBe('Por favor selecione um status');
  });
  it('asks the duration only for calls and meetings', () => {
    expect(asksDuration('call')).toBe(true);
    expect(asksDuration('meeting')).toBe(true);
    expect(asksDuration('message')).toBe(false);
    expect(asksDuration('document')).toBe(false);
  });
  it('builds the stored row (process optional, duration only when asked)', () => {
    const row = interactionPayload({ ...valid, processId: '3' });
    expect(row).toMatchObject({
      client_id: 'c1',
      process_id: 3,
      type: 'call',
      duration_minutes: 25,
      status: 'completed',
    });
    expect(row.contact_date).toBe(new Date('2025-03-10T14:30').toISOString());
    expect(interactionPayload({ ...valid, type: 'message' })).toMatchObject({
      process_id: null,
      duration_minutes: null,
    });
  });
});

describe('interaction actions', () => {
  it('offers complete for non-completed and cancel for scheduled', () => {
    expect(canComplete('pending')).toBe(true);
    expect(canComplete('completed')).toBe(false);
    expect(canCancel('scheduled')).toBe(true);
    expect(canCancel('pending')).toBe(false);
  });
});
