/** Badge rules for USCIS receipts and EOIR court cases (spec section 4; stages and process statuses: lib/status). */
import type { BadgeVariant } from '@/components/ui/badge';
import { normalizeText } from '@/lib/text';

function containsAny(text: string, needles: readonly string[]): boolean {
  return needles.some((needle) => text.includes(normalizeText(needle)));
}

export interface StatusBadge {
  variant: BadgeVariant;
  label: string;
}

const PENDING_BADGE: StatusBadge = { variant: 'outline', label: 'Pendente' };

/**
 * USCIS receipt badge: success for Approved / Mailed, destructive for "Request for" / Evidence,
 * default for Interview / Scheduled, secondary otherwise; none -> "Pendente" (outline).
 * The status checker answers in pt-BR too (Aprovado, Cartão enviado, Pedido de evidências...).
 */
export function receiptBadge(status: string | null | undefined): StatusBadge {
  const label = status?.trim() ?? '';
  if (!label) return PENDING_BADGE;
  const text = normalizeText(label);
  if (
    containsAny(text, [
      'approved',
      'mailed',
      'delivered',
      'aprovado',
      'enviado pelo correio',
      'cartão entregue',
      'cartão em produção',
    ])
  )
    return { variant: 'success', label };
  if (
    containsAny(text, [
      'request for',
      'evidence',
      'evidência',
      'intenção de negar',
      'noid',
      'rfe',
      'negado',
      'denied',
      'rejeitado',
      'rejected',
    ])
  )
    return { variant: 'destructive', label };
  if (containsAny(text, ['interview', 'scheduled', 'entrevista', 'agendad'])) return { variant: 'default', label };
  return { variant: 'secondary', label };
}

/**
 * EOIR court badge: success for Completed / Closed, destructive for Appeal / Motion,
 * default for Scheduled, secondary otherwise; none -> "Pendente". pt-BR texts handled alike.
 */
export function courtBadge(status: string | null | undefined): StatusBadge {
  const label = status?.trim() ?? '';
  if (!label) return PENDING_BADGE;
  const text = normalizeText(label);
  if (containsAny(text, ['completed', 'closed', 'concluíd', 'encerrad', 'concedido', 'decisão']))
    return { variant: 'success', label };
  if (containsAny(text, ['appeal', 'motion', 'recurso', 'moção', 'apelação'])) return { variant: 'destructive', label };
  if (containsAny(text, ['scheduled', 'agendad'])) return { variant: 'default', label };
  return { variant: 'secondary', label };
}
