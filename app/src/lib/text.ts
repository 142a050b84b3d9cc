/** Text helpers shared by features (search filters, status rules). */

/** Lower-case and strip accents, so "Aprovação" and "aprovacao" compare alike. */
export function normalizeText(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}
