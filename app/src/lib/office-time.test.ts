import { act, renderHook } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadBranding, OFFICE_TIME_ZONE_KEY, setBranding } from '@/lib/branding';
import { supabase } from '@/lib/supabase';
import { signInAs } from '@/testing/sign-in';
import { rpc, server } from '@/testing/supabase-server';
import {
  browserTimeZone,
  formatOfficeDateTime,
  getOfficeTimeZone,
  officeZoneNote,
  useOfficeTimeZone,
  zonedInstant,
  zonesDiffer,
} from './office-time';

// The viewer is in Brazil, the office in New York: the browser's clock must not leak into the office's.
beforeAll(() => vi.stubEnv('TZ', 'America/Sao_Paulo'));
afterAll(() => vi.unstubAllEnvs());
beforeEach(() => window.localStorage.removeItem(OFFICE_TIME_ZONE_KEY));

const december = new Date('2026-12-10T15:00:00Z');

describe('office time', () => {
  it('runs with a browser clock that is not the office', () => {
    expect(browserTimeZone()).toBe('America/Sao_Paulo');
    expect(december.getHours()).toBe(12);
  });

  it("shows an instant on the office's clock (New York by default), not the browser's", () => {
    expect(getOfficeTimeZone()).toBe('America/New_York');
    expect(formatOfficeDateTime('2026-12-10T15:00:00Z', getOfficeTimeZone())).toBe('10/12/2026 10:00');
    expect(formatOfficeDateTime('2026-07-10T15:00:00Z', 'America/New_York')).toBe('10/07/2026 11:00');
    expect(formatOfficeDateTime('2026-12-10T15:00:00Z', 'America/Los_Angeles')).toBe('10/12/2026 07:00');
    expect(formatOfficeDateTime(null, 'America/New_York')).toBe('-');
    expect(formatOfficeDateTime('nope', 'America/New_York', '')).toBe('');
  });

  it("reads a typed date and time as the office's clock", () => {
    expect(zonedInstant('2026-12-10', '10:00', 'America/New_York')?.toISOString()).toBe('2026-12-10T15:00:00.000Z');
    expect(zonedInstant('2026-07-10', '10:00', 'America/New_York')?.toISOString()).toBe('2026-07-10T14:00:00.000Z');
    expect(zonedInstant('2026-12-10', '10:00', 'America/Sao_Paulo')?.toISOString()).toBe('2026-12-10T13:00:00.000Z');
    expect(zonedInstant('2026-02-31', '10:00', 'America/New_York')).toBeNull();
    expect(zonedInstant('2026-12-10', '24:00', 'America/New_York')).toBeNull();
    expect(zonedInstant('', '10:00', 'America/New_York')).toBeNull();
    expect(zonedInstant('2026-12-10', '', 'America/New_York')).toBeNull();
  });

  it('follows the zone the branding load stores, and ignores a name the runtime does not know', () => {
    const { result } = renderHook(() => useOfficeTimeZone());
    expect(result.current).toBe('America/New_York');
    act(() => setBranding({ timeZone: 'America/Los_Angeles' }));
    expect(result.current).toBe('America/Los_Angeles');
    act(() => setBranding({ timeZone: 'Mars/Olympus_Mons' }));
    expect(result.current).toBe('America/New_York');
    act(() => setBranding({ timeZone: null }));
    expect(window.localStorage.getItem(OFFICE_TIME_ZONE_KEY)).toBeNull();
  });

  it("keeps the zone office_branding() gives a signed-in user, for the next visit's first paint", async () => {
    server.use(
      rpc('office_branding', () => [{ office_name: 'Escritório', logo_path: null, time_zone: 'America/Chicago' }]),
    );
    await signInAs({ id: 'u1', email: 'maria@cliente.test' });
    try {
      await loadBranding();
    } finally {
      await supabase.auth.signOut();
    }
    expect(window.localStorage.getItem(OFFICE_TIME_ZONE_KEY)).toBe('America/Chicago');
    expect(getOfficeTimeZone()).toBe('America/Chicago');
    expect(formatOfficeDateTime('2026-12-10T15:00:00Z', getOfficeTimeZone())).toBe('10/12/2026 09:00');
  });

  it('notes the office zone only when the clocks differ', () => {
    expect(officeZoneNote('America/New_York', 'America/Sao_Paulo', december)).toBe(
      'Horários no fuso do escritório (Nova York, EST)',
    );
    expect(officeZoneNote('America/New_York', 'UTC', new Date('2026-07-01T12:00:00Z'))).toBe(
      'Horários no fuso do escritório (Nova York, EDT)',
    );
    expect(officeZoneNote('America/Los_Angeles', 'America/Sao_Paulo', december)).toBe(
      'Horários no fuso do escritório (Los Angeles, PST)',
    );
    expect(officeZoneNote('America/New_York', 'America/New_York', december)).toBeNull();
    // another name for the same clock all year: nothing to say
    expect(zonesDiffer('America/New_York', 'America/Toronto', december)).toBe(false);
    // same offset today, not all year (Phoenix keeps standard time): they differ
    expect(zonesDiffer('America/Denver', 'America/Phoenix', december)).toBe(true);
  });
});
