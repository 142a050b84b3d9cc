/**
 * Discounts typed as an amount in the quote's currency or as a percentage ("10% de desconto").
 * A percentage is sent as discount_percent and the database computes the amount from it; the app never does.
 */
import { parseDecimal } from '@/lib/format';

export type DiscountUnit = 'amount' | 'percent';

/** What a typed discount writes: an amount, or a percentage (the amount then is the database's). */
export type DiscountChange = { discount_amount: number } | { discount_percent: number };

/** The quote's currency symbol, as the money shows it. */
export function currencySymbol(currency: string | null | undefined): string {
  return currency === 'BRL' ? 'R$' : 'US$';
}

/** The unit a stored row's discount was given in. */
export function storedUnit(row: { discount_percent?: string | number | null }): DiscountUnit {
  return row.discount_percent === null || row.discount_percent === undefined ? 'amount' : 'percent';
}

/** A typed discount ("12,5" / "1.234,56"; empty = no discount, an amount of zero) or the pt-BR reason it is refused. */
export function readDiscount(text: string, unit: DiscountUnit): DiscountChange | string {
  if (text.trim() === '') return { discount_amount: 0 };
  const value = parseDecimal(text);
  if (unit === 'percent') {
    if (!(value >= 0 && value <= 100)) return 'Informe um desconto entre 0% e 100%';
    return { discount_percent: value };
  }
  if (!(value >= 0)) return 'Informe um desconto válido (zero ou mais)';
  return { discount_amount: value };
}

const percentFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** 12.5 -> "12,5%", "10.00" -> "10%". */
export function formatPercent(value: string | number): string {
  return `${percentFormat.format(Number(value))}%`;
}

/** "Desconto" or, when a percentage was given, "Desconto (10%)". */
export function discountLabel(percent: string | number | null | undefined): string {
  return percent === null || percent === undefined ? 'Desconto' : `Desconto (${formatPercent(percent)})`;
}

/** A stored percentage as a person types it: "12.50" -> "12,5". */
export function typedPercent(value: string | number): string {
  return String(Number(value)).replace('.', ',');
}
