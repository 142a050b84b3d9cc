/** Finance badge colours (spec section 4); the raw status text is what the badge shows. */
import type { BadgeColor } from '@/components/ui/badge';

const COLOURS: [BadgeColor, string[]][] = [
  ['green', ['paid', 'pago', 'completed', 'concluído', 'concluido']],
  ['amber', ['pending', 'pendente']],
  ['red', ['overdue', 'atrasado']],
  ['gray', ['draft', 'rascunho']],
  ['blue', ['active', 'ativo']],
];

export function financeStatusColor(status: string | null | undefined): BadgeColor {
  const s = (status ?? '').trim().toLowerCase();
  for (const [colour, names] of COLOURS) if (names.includes(s)) return colour;
  return 'gray';
}

/** Payments still to be paid (pending or overdue), used by the home cards. */
export function isOpenPayment(status: string | null | undefined): boolean {
  return ['pending', 'pendente', 'overdue', 'atrasado'].includes((status ?? '').trim().toLowerCase());
}
