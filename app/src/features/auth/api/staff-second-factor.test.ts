import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aalOf, fetchStaffSecondFactor } from './staff-second-factor';

const sb = vi.hoisted(() => ({
  level: 'aal1' as string | null,
  required: { data: false as unknown, error: null as unknown },
  factors: [] as { id: string; status: string }[],
  rpc: vi.fn(),
}));
vi.mock('@/lib/supabase', () => ({
  supabase: {
    rpc: sb.rpc,
    auth: {
      mfa: {
        getAuthenticatorAssuranceLevel: async () => ({ data: { currentLevel: sb.level }, error: null }),
        listFactors: async () => ({ data: { totp: sb.factors }, error: null }),
      },
    },
  },
}));

beforeEach(() => {
  sb.level = 'aal1';
  sb.required = { data: false, error: null };
  sb.factors = [];
  sb.rpc.mockReset();
  sb.rpc.mockImplementation(async () => sb.required);
});

describe('fetchStaffSecondFactor', () => {
  it('lets an aal2 session through without asking the database', async () => {
    sb.level = 'aal2';
    sb.required = { data: true, error: null };
    expect(await fetchStaffSecondFactor()).toEqual({ type: 'ok' });
    expect(sb.rpc).not.toHaveBeenCalled();
  });

  it('lets an aal1 session through when the office does not require the second factor', async () => {
    expect(await fetchStaffSecondFactor()).toEqual({ type: 'ok' });
    expect(sb.rpc).toHaveBeenCalledWith('staff_mfa_required');
  });

  it('asks the code when the office requires it and a verified factor exists', async () => {
    sb.required = { data: true, error: null };
    sb.factors = [
      { id: 'pending', status: 'unverified' },
      { id: 'phone-app', status: 'verified' },
    ];
    expect(await fetchStaffSecondFactor()).toEqual({ type: 'verify', factorId: 'phone-app' });
  });

  it('guides the enrolment when no verified factor exists', async () => {
    sb.required = { data: true, error: null };
    sb.factors = [{ id: 'pending', status: 'unverified' }];
    expect(await fetchStaffSecondFactor()).toEqual({ type: 'enroll' });
  });

  it('opens when the setting cannot be read (the database still decides)', async () => {
    sb.required = { data: null, error: { message: 'function not found' } };
    expect(await fetchStaffSecondFactor()).toEqual({ type: 'ok' });
  });
});

describe('aalOf', () => {
  const token = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;
  it('reads the aal claim of an access token', () => {
    expect(aalOf(token({ aal: 'aal2', sub: 'x' }))).toBe('aal2');
    expect(aalOf(token({ sub: 'x' }))).toBe('');
    expect(aalOf('not-a-jwt')).toBe('');
    expect(aalOf(undefined)).toBe('');
  });
});
