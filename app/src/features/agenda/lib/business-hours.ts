/** The office's business hours in words, for the portal's request dialog: "segunda a sexta, das 09:00 às 18:00". */
/** office_settings.business_hours: per weekday key, the opening and closing time, or null when closed. */
export type BusinessHours = Partial<Record<string, { open: string; close: string } | null>>;

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const DAY_NAMES = ['segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado', 'domingo'];

/** Consecutive days with the same hours are told together; days without hours are left out ('' when none). */
export function describeBusinessHours(hours: BusinessHours | null | undefined): string {
  const runs: { first: number; last: number; open: string; close: string }[] = [];
  WEEKDAYS.forEach((day, index) => {
    const slot = hours?.[day];
    if (!slot?.open || !slot.close) return;
    const previous = runs.at(-1);
    if (previous && previous.last === index - 1 && previous.open === slot.open && previous.close === slot.close) {
      previous.last = index;
    } else runs.push({ first: index, last: index, open: slot.open, close: slot.close });
  });
  return runs
    .map(({ first, last, open, close }) => {
      const days =
        first === last ? DAY_NAMES[first] : `${DAY_NAMES[first]} ${last === first + 1 ? 'e' : 'a'} ${DAY_NAMES[last]}`;
      return `${days}, das ${open} às ${close}`;
    })
    .join('; ');
}
