import { describe, expect, it } from 'vitest';
import { documentStatusPatch } from './api/mutations';
import {
  documentRequestSchema,
  normalizeIdentifier,
  parseProcessId,
  RECEIPT_NUMBER_PATTERN,
  stageUpdateSchema,
} from './schemas';

describe('stage update form', () => {
  it('requires a stage', () => {
    const result = stageUpdateSchema.safeParse({ stageId: '', notificationChannel: 'email' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Selecione um estágio');
  });
  it('accepts email or whatsapp only', () => {
    expect(stageUpdateSchema.safeParse({ stageId: '3', notificationChannel: 'whatsapp' }).success).toBe(true);
    expect(stageUpdateSchema.safeParse({ stageId: '3', notificationChannel: 'sms' }).success).toBe(false);
  });
});

describe('document request form', () => {
  it('needs a name of at least 2 characters', () => {
    const result = documentRequestSchema.safeParse({ documentName: ' a ', isRequired: true });
    expect(result.error?.issues[0]?.message).toBe('Nome do documento é obrigatório');
    expect(documentRequestSchema.safeParse({ documentName: 'RG', isRequired: false }).success).toBe(true);
  });
});

describe('document status patch', () => {
  it('Recebido sets fulfilled and the time; Pendente clears it', () => {
    const now = new Date('2025-01-02T03:04:05Z');
    expect(documentStatusPatch(true, now)).toEqual({ status: 'fulfilled', fulfilled_at: '2025-01-02T03:04:05.000Z' });
    expect(documentStatusPatch(false, now)).toEqual({ status: 'pending', fulfilled_at: null });
  });
});

describe('identifiers', () => {
  it('normalizes and validates receipt numbers', () => {
    expect(normalizeIdentifier(' msc 209-0123456 ')).toBe('MSC2090123456');
    expect(RECEIPT_NUMBER_PATTERN.test('MSC2090123456')).toBe(true);
    expect(RECEIPT_NUMBER_PATTERN.test('MS2090123456')).toBe(false);
  });
  it('parses the process ID as an integer', () => {
    expect(parseProcessId('12')).toBe(12);
    expect(parseProcessId('7.9')).toBe(7);
    expect(parseProcessId('')).toBeNull();
    expect(parseProcessId('abc')).toBeNull();
    expect(parseProcessId('0')).toBeNull();
  });
});
