/**
 * Appointment times in the office's time zone (office_settings.time_zone), whatever the viewer's browser zone: the
 * reminders the server writes say "às 10:00" in that zone, so the screens show and read the same wall-clock time.
 * The zone comes with the branding load (lib/branding.ts); @date-fns/tz does the zone arithmetic.
 */
import { TZDate, tz, tzName, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { DEFAULT_OFFICE_TIME_ZONE, getBranding, useBranding } from '@/lib/branding';

/** Whether the runtime knows this IANA zone name. */
export function isTimeZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function valid(zone: string): string {
  return isTimeZone(zone) ? zone : DEFAULT_OFFICE_TIME_ZONE;
}

/** The office's zone as last read from the database (or the default). */
export function getOfficeTimeZone(): string {
  return valid(getBranding().timeZone);
}

/** The office's zone; re-renders when the branding load brings another one. */
export function useOfficeTimeZone(): string {
  return valid(useBranding().timeZone);
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** An instant (ISO text or Date) written with a date-fns pattern as the wall clock of `zone`; '-' when invalid. */
export function formatInZone(
  value: string | Date | null | undefined,
  pattern: string,
  zone: string,
  fallback = '-',
): string {
  if (value === null || value === undefined || value === '') return fallback;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return fallback;
  return format(date, pattern, { in: tz(zone), locale: ptBR });
}

/** '10/12/2026 10:00' in the office's zone (the reminders' wording). */
export function formatOfficeDateTime(value: string | Date | null | undefined, zone: string, fallback = '-'): string {
  return formatInZone(value, 'dd/MM/yyyy HH:mm', zone, fallback);
}

/** The instant at which the wall clock of `zone` reads date ('yyyy-MM-dd') and time ('HH:mm'); null when invalid. */
export function zonedInstant(date: string, time: string, zone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [year, month, day, hour, minute] = [Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2])];
  if (hour > 23 || minute > 59) return null;
  const zoned = new TZDate(year, month - 1, day, hour, minute, zone);
  // 2026-02-31 would roll over into March: refuse it rather than book another day.
  if (Number.isNaN(zoned.getTime()) || zoned.getFullYear() !== year || zoned.getMonth() !== month - 1) return null;
  if (zoned.getDate() !== day) return null;
  return new Date(zoned.getTime());
}

/** Whether two zones give different clock times at some point of the year around `at` (names alone mislead:
 * America/Toronto keeps New York's time). */
export function zonesDiffer(a: string, b: string, at: Date = new Date()): boolean {
  if (a === b) return false;
  const quarter = 91 * 24 * 60 * 60 * 1000;
  return [0, 1, 2, 3].some((i) => {
    const when = new Date(at.getTime() + i * quarter);
    return tzOffset(a, when) !== tzOffset(b, when);
  });
}

// The zones Configurações offers, by the name people here know them; others by their IANA city.
const CITY_NAMES: Record<string, string> = {
  'America/New_York': 'Nova York',
  'America/Sao_Paulo': 'São Paulo',
  'Europe/Lisbon': 'Lisboa',
};

/** 'Nova York, EST': the zone's city in pt-BR and its usual abbreviation at `at`. */
export function zoneDescription(zone: string, at: Date = new Date()): string {
  const city = CITY_NAMES[zone] ?? (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
  return `${city}, ${tzName(zone, at, 'short')}`;
}

/** The once-per-screen note when the viewer's clock is not the office's; null when they agree. */
export function officeZoneNote(officeZone: string, viewerZone: string = browserTimeZone(), at = new Date()) {
  if (!zonesDiffer(officeZone, viewerZone, at)) return null;
  return `Horários no fuso do escritório (${zoneDescription(officeZone, at)})`;
}

/** officeZoneNote for the signed-in viewer, following the office's zone. */
export function useOfficeZoneNote(): string | null {
  return officeZoneNote(useOfficeTimeZone());
}
