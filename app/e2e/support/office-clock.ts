// The office's calendar runs on the office's clock (the seed's America/New_York), not the machine's: near
// midnight UTC the two are on different days, and a week computed in UTC can be the office's week after next.
const OFFICE_ZONE = 'America/New_York';

/** yyyy-MM-dd of the office's today, `days` days ahead (negative: behind). */
export function officeDate(days = 0): string {
  const officeToday = new Intl.DateTimeFormat('en-CA', { timeZone: OFFICE_ZONE }).format(new Date());
  const day = new Date(`${officeToday}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** An instant at noon (UTC 17:00: noon in winter, 1 p.m. in summer) of the office's day `days` days ahead. */
export function officeNoon(days = 0): Date {
  return new Date(`${officeDate(days)}T17:00:00Z`);
}
