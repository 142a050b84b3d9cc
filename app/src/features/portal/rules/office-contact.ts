/**
 * The office's contact details as the portal shows them (office_contact(): what a client may know of the office).
 * Pure: which lines to show, and the links a phone opens (tel:, mailto:, the website).
 */
import { usNationalDigits } from '@/lib/phone';

export interface OfficeContact {
  office_name: string | null;
  street: string | null;
  suite: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
}

const filled = (value: string | null | undefined): value is string => Boolean(value && value.trim());

/** "100 Federal Street, Suite 1200" and "Boston, MA 02110" (the US order), without the parts not stored. */
export function addressLines(contact: OfficeContact): string[] {
  const first = [contact.street, contact.suite].filter(filled).join(', ');
  const stateZip = [contact.state, contact.zip].filter(filled).join(' ');
  const second = [contact.city, stateZip].filter(filled).join(', ');
  return [first, second].filter(filled);
}

/** A tel: link that dials from anywhere: the number's digits, with +1 for a ten-digit US number written without
 * its country code (a client in Brazil calling "(617) 555-0100" would otherwise dial a Brazilian number). */
export function phoneHref(phone: string): string {
  const us = usNationalDigits(phone);
  return us ? `tel:+1${us}` : `tel:+${phone.replace(/\D/g, '')}`;
}

/** The website as a link: stored with or without its scheme ("escritorio.com" opens https://escritorio.com). */
export function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

/** The website as people read it: no scheme, no trailing slash. */
export function websiteLabel(website: string): string {
  return website.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

/** Whether there is anything to show (an office that stored no contact shows no card). */
export function hasContact(contact: OfficeContact | null | undefined): contact is OfficeContact {
  if (!contact) return false;
  return addressLines(contact).length > 0 || [contact.phone, contact.email, contact.website].some(filled);
}
