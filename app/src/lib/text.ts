/** Text helpers shared by features (search filters, status rules, file and id names): the one accent stripper. */

/** 'Aprovação' -> 'Aprovacao': drops the combining marks NFD splits off letters; case is kept. */
export function stripAccents(value: string): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** Lower-case and strip accents, so "Aprovação" and "aprovacao" compare alike. */
export function normalizeText(value: string | null | undefined): string {
  return stripAccents(value ?? '')
    .toLowerCase()
    .trim();
}
