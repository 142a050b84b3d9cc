/** Phone numbers of the office (a US office; its clients often call from Brazil). */

/** The ten digits of a US number written with or without its country code — (617) 555-0100, +1 617 555 0100,
 * 16175550100 — or null for another country's number (+55 ...) or anything else. */
export function usNationalDigits(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.startsWith('+') && !trimmed.startsWith('+1')) return null;
  let digits = trimmed.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length === 10 ? digits : null;
}
