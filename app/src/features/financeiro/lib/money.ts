/** Money of the finance module: amounts with their currency, status labels, CSV. */
export { formatMoney, type Currency } from '@/lib/format';

/** Sum of decimal strings in cents (no floating-point drift), back as a number with 2 decimals. */
export function sumMoney(values: Array<number | string | null | undefined>): number {
  const cents = values.reduce<number>((acc, v) => acc + Math.round(Number(v ?? 0) * 100), 0);
  return cents / 100;
}

// The status words live in the one glossary (lib/glossary.ts); these names stay for the finance screens.
export {
  CONTRACT_STATUS_LABELS as contractStatusLabel,
  INSTALLMENT_STATUS_LABELS as installmentStatusLabel,
  QUOTE_STATUS_LABELS as quoteStatusLabel,
} from '@/lib/glossary';

export const paymentMethods = [
  { value: 'zelle', label: 'Zelle' },
  { value: 'cartao', label: 'Cartão' },
  { value: 'pix', label: 'PIX' },
  { value: 'transferencia', label: 'Transferência' },
  { value: 'dinheiro', label: 'Dinheiro' },
] as const;

export function paymentMethodLabel(value: string | null | undefined): string {
  return paymentMethods.find((m) => m.value === value)?.label ?? value ?? '-';
}

export const agingBuckets = [
  { value: 'a_vencer', label: 'A vencer' },
  { value: '1_30', label: '1-30 dias' },
  { value: '31_60', label: '31-60 dias' },
  { value: 'over_60', label: 'Mais de 60 dias' },
] as const;

/** An open installment past its due date shows as overdue ("Atrasado"). */
export function installmentDisplayStatus(i: { status: string; due_date: string }, today: string): string {
  return (i.status === 'pending' || i.status === 'partial') && i.due_date < today ? 'overdue' : i.status;
}

/** RFC 4180 CSV with ';' (what spreadsheet apps in pt-BR open by default) and a BOM for the accents. */
export function toCsv(header: string[], rows: Array<Array<string | number | null | undefined>>): string {
  const cell = (v: string | number | null | undefined) => {
    const s = v === null || v === undefined ? '' : String(v);
    return /[;"\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return '\ufeff' + [header, ...rows].map((r) => r.map(cell).join(';')).join('\r\n') + '\r\n';
}
