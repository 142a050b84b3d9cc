/** Company logo and name from localStorage (keys companyLogo, companyName) with defaults; useBranding() follows changes. */
import { useSyncExternalStore } from 'react';

export const COMPANY_LOGO_KEY = 'companyLogo';
export const COMPANY_NAME_KEY = 'companyName';
export const DEFAULT_COMPANY_NAME = 'Escritório de Imigração';
export const COMPANY_CAPTION = 'IMMIGRATION SERVICES';

const CHANGE_EVENT = 'company-branding-change';

export interface Branding {
  /** Stored name, or the default name. */
  name: string;
  /** Stored logo (data URL or URL), or null: show the default logo. */
  logo: string | null;
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
  return { name: read(COMPANY_NAME_KEY) ?? DEFAULT_COMPANY_NAME, logo: read(COMPANY_LOGO_KEY) };
}

/** Save (string) or remove (null) the logo and/or name; every useBranding() re-renders. */
export function setBranding(update: { name?: string | null; logo?: string | null }): void {
  for (const [key, value] of [
    [COMPANY_NAME_KEY, update.name],
    [COMPANY_LOGO_KEY, update.logo],
  ] as const) {
    if (value === undefined) continue;
    if (value === null || value.trim() === '') window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

let cache: Branding | null = null;
let cacheKey = '';

function snapshot(): Branding {
  const next = getBranding();
  const key = `${next.name}\u0000${next.logo ?? ''}`;
  if (!cache || key !== cacheKey) {
    cache = next;
    cacheKey = key;
  }
  return cache;
}

function subscribe(onChange: () => void): () => void {
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
