/**
 * EOIR hearing times on the court's wall clock: "15/01/2027 09:00 (horário de Houston, CT)", whatever the viewer's
 * or the office's zone. A hearing whose court is unknown shows in the office's zone, labelled as such.
 */
import { formatInZone, isTimeZone } from '@/lib/office-time';

/** The eoir_courts row embedded with a court case or history entry. */
export interface HearingCourt {
  city: string;
  time_zone: string;
  zone_label: string;
}

export function hearingZoneLabel(court: HearingCourt | null | undefined): string {
  return court && isTimeZone(court.time_zone)
    ? `horário de ${court.city}, ${court.zone_label}`
    : 'horário do escritório';
}

/** 'dd/MM/yyyy HH:mm (horário de Houston, CT)'; '-' without a hearing. */
export function formatHearing(
  value: string | null | undefined,
  court: HearingCourt | null | undefined,
  officeZone: string,
): string {
  const zone = court && isTimeZone(court.time_zone) ? court.time_zone : officeZone;
  const text = formatInZone(value, 'dd/MM/yyyy HH:mm', zone);
  return text === '-' ? text : `${text} (${hearingZoneLabel(court)})`;
}
