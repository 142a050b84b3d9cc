import { beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '@/testing/sign-in';
import { db, postgrestError, rpc, server } from '@/testing/supabase-server';
import { aalOf, fetchStaffSecondFactor } from './staff-second-factor';

const staff = { id: 'u1', email: 'bruno@escritorio.test' };
let required: unknown;

beforeEach(() => {
  required = false;
  server.use(rpc('staff_mfa_required', () => required));
});

const askedTheDatabase = () => db.requests('/rest/v1/rpc/staff_mfa_required').length;

describe('fetchStaffSecondFactor', () => {
  it('lets an aal2 session through without asking the database', async () => {
    await signInAs(staff, { aal2: true });
    required = true;
    expect(await fetchStaffSecondFactor()).toEqual({ type: 'ok' });
    expect(askedTheDatabase()).toBe(0);
  });

  it('lets an aal1 session through when the office does not require the second factor', async () => {
    await signInAs(staff);
    expect(await fetchStaffSecondFactor()).toEqual({ type: 'ok' });
    expect(askedTheDatabase()).toBe(1);
  });

  it('asks the code when the office requires it and a verified factor exists', async () => {
    required = true;
    await signInAs({
      ...staff,
      factors: [
        { id: 'pending', status: 'unverified' },
        { id: 'phone-app', status: 'verified' },
      ],
    });
    expect(await fetchStaffSecondFactor()).toEqual({ type: 'verify', factorId: 'phone-app' });
  });

  it('guides the enrolment when no verified factor exists', async () => {
    required = true;
    await signInAs({ ...staff, factors: [{ id: 'pending', status: 'unverified' }] });
    expect(await fetchStaffSecondFactor()).toEqual({ type: 'enroll' });
  });

  it('opens when the setting cannot be read (the database still decides)', async () => {
    await signInAs(staff);
    server.use(rpc('staff_mfa_required', () => postgrestError(404, 'PGRST202', 'function not found')));
    expect(await fetchStaffSecondFactor()).toEqual({ type: 'ok' });
  });
});

describe('aalOf', () => {
  const token = (claims: object) =>
    `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;
  it('reads the aal claim of an access token', async () => {
    expect(aalOf(token({ aal: 'aal2', sub: 'x' }))).toBe('aal2');
    expect(aalOf(token({ sub: 'x' }))).toBe('');
    expect(aalOf('not-a-jwt')).toBe('');
    expect(aalOf(undefined)).toBe('');
    // and the claim of a real session's token
    expect(aalOf((await signInAs(staff)).access_token)).toBe('aal1');
  });
});
