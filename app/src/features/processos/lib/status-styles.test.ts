import { describe, expect, it } from 'vitest';
import { courtBadge, receiptBadge } from './status-styles';

describe('receiptBadge', () => {
  it.each([
    ['Case Was Approved', 'success'],
    ['Card Was Mailed To Me', 'success'],
    ['Request for Additional Evidence Was Sent', 'destructive'],
    ['Evidence Requested', 'destructive'],
    ['Interview Was Scheduled', 'default'],
    ['Fingerprint Appointment Was Scheduled', 'default'],
    ['Case Is Being Actively Reviewed By USCIS', 'secondary'],
    ['Aprovado', 'success'],
    ['Cartão enviado pelo correio', 'success'],
    ['Pedido de evidências (RFE)', 'destructive'],
    ['Intenção de negar (NOID)', 'destructive'],
    ['Entrevista agendada', 'default'],
    ['Biometria agendada', 'default'],
    ['Em análise', 'secondary'],
  ] as const)('%s -> %s', (status, variant) => {
    expect(receiptBadge(status)).toEqual({ variant, label: status });
  });

  it('shows Pendente (outline) without a status', () => {
    expect(receiptBadge(null)).toEqual({ variant: 'outline', label: 'Pendente' });
    expect(receiptBadge('  ')).toEqual({ variant: 'outline', label: 'Pendente' });
  });
});

describe('courtBadge', () => {
  it.each([
    ['Master Calendar Hearing Completed', 'success'],
    ['Case Closed', 'success'],
    ['Appeal Filed', 'destructive'],
    ['Motion to Reopen', 'destructive'],
    ['Individual Hearing Scheduled', 'default'],
    ['Pending', 'secondary'],
    ['Decisão: alívio concedido', 'success'],
    ['Recurso pendente na BIA', 'destructive'],
    ['Audiência individual (merits) agendada', 'default'],
    ['Audiência adiada', 'secondary'],
  ] as const)('%s -> %s', (status, variant) => {
    expect(courtBadge(status).variant).toBe(variant);
  });

  it('shows Pendente without a status', () => {
    expect(courtBadge(undefined)).toEqual({ variant: 'outline', label: 'Pendente' });
  });
});
