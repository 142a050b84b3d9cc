/**
 * Company name and logo of the shell. The office_settings row is the source (office_branding(), readable by
 * every signed-in user, clients included; the logo is a public object in the office_branding bucket);
 * localStorage (keys companyLogo, companyName) keeps the last value seen, so the login page and the first
 * paint show it before anyone signs in. useBranding() follows changes. The office's time zone travels the same way
 * (key officeTimeZone; lib/office-time.ts shows and reads appointment times in it).
 */
import { useSyncExternalStore } from 'react';
import { whenIdle } from '@/lib/idle';
import { supabase } from '@/lib/supabase';

export const COMPANY_LOGO_KEY = 'companyLogo';
export const COMPANY_NAME_KEY = 'companyName';
export const OFFICE_TIME_ZONE_KEY = 'officeTimeZone';
export const DEFAULT_OFFICE_TIME_ZONE = 'America/New_York';
export const DEFAULT_COMPANY_NAME = 'Escritório de Imigração';
export const COMPANY_CAPTION = 'IMMIGRATION SERVICES';
export const LOGO_BUCKET = 'office_branding';

const CHANGE_EVENT = 'company-branding-change';

export interface Branding {
  /** Stored name, or the default name. */
  name: string;
  /** Logo URL, or null: show the default logo. */
  logo: string | null;
  /** IANA name of the office's time zone (office_settings.time_zone), or the default. */
  timeZone: string;
}

function read(key: string): string | null {
  try {
    const value = window.localStorage.getItem(key);
    return value && value.trim() ? value : null;
  } catch {
    return null;
  }
}

export function getBranding(): Branding {
  return {
    name: read(COMPANY_NAME_KEY) ?? DEFAULT_COMPANY_NAME,
    logo: read(COMPANY_LOGO_KEY),
    timeZone: read(OFFICE_TIME_ZONE_KEY) ?? DEFAULT_OFFICE_TIME_ZONE,
  };
}

/** Update the local copy (string) or remove it (null); every useBranding() re-renders. */
export function setBranding(update: { name?: string | null; logo?: string | null; timeZone?: string | null }): void {
  for (const [key, value] of [
    [COMPANY_NAME_KEY, update.name],
    [COMPANY_LOGO_KEY, update.logo],
    [OFFICE_TIME_ZONE_KEY, update.timeZone],
  ] as const) {
    if (value === undefined) continue;
    try {
      if (value === null || value.trim() === '') window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch {
      // storage full or blocked: the next load from the database still shows it
    }
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Public URL of a logo object. */
export function logoUrl(path: string | null | undefined): string | null {
  return path ? supabase.storage.from(LOGO_BUCKET).getPublicUrl(path).data.publicUrl : null;
}

/** Read the office's name, logo and time zone from the database (when signed in) into the local copy. */
export async function loadBranding(): Promise<void> {
  const { data: session } = await supabase.auth.getSession();
  if (!session.session) return;
  const { data, error } = await supabase.rpc('office_branding');
  const row = (Array.isArray(data) ? data[0] : data) as {
    office_name?: string;
    logo_path?: string | null;
    time_zone?: string | null;
  } | null;
  if (error || !row) return;
  setBranding({ name: row.office_name ?? null, logo: logoUrl(row.logo_path), timeZone: row.time_zone ?? null });
}

let cache: Branding | null = null;
let cacheKey = '';
let listening = false;

function snapshot(): Branding {
  const next = getBranding();
  const key = `${next.name}\u0000${next.logo ?? ''}\u0000${next.timeZone}`;
  if (!cache || key !== cacheKey) {
    cache = next;
    cacheKey = key;
  }
  return cache;
}

/** Once per page: load once the first screen has painted (it shows the local copy meanwhile), and again whenever
 * someone signs in. */
function listenToSignIns(): void {
  if (listening) return;
  listening = true;
  // a test double of the client may lack auth: then the local copy is all there is
  if (!supabase.auth?.onAuthStateChange) return;
  whenIdle(() => void loadBranding().catch(() => undefined), 2000);
  supabase.auth.onAuthStateChange((event) => {
    if (event === 'SIGNED_IN') setTimeout(() => void loadBranding().catch(() => undefined), 0);
  });
}

function subscribe(onChange: () => void): () => void {
  listenToSignIns();
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

export function useBranding(): Branding {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
