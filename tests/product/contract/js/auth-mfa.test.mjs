// supabase-js auth parity against a live stack (SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY):
// TOTP factors (enroll, challenge, verify, assurance level, unenroll), getClaims, admin links and invitations.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';

const url = process.env.SUPABASE_URL;
const anonKey = process.env.SUPABASE_ANON_KEY;
const serviceKey = process.env.SUPABASE_SERVICE_ROLE_KEY;
const PASSWORD = 'Segredo@123';
for (const name of ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY']) {
  if (!process.env[name]) throw new Error(`${name} is not set: these tests need a live stack`);
}

const client = (key = anonKey) =>
  createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws } });

// RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as an authenticator app computes it.
function totp(secret, at = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1e6).padStart(6, '0');
}

let admin;
const created = [];
before(() => { admin = client(serviceKey); });
after(async () => { for (const id of created) await admin.auth.admin.deleteUser(id); });

async function newUser() {
  const email = `js.mfa.${randomUUID().slice(0, 8)}@example.test`;
  const { data, error } = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  assert.equal(error, null);
  created.push(data.user.id);
  return email;
}

test('TOTP: enroll, challenge, verify, aal2, getClaims, unenroll', async () => {
  const sb = client();
  const email = await newUser();
  assert.equal((await sb.auth.signInWithPassword({ email, password: PASSWORD })).error, null);

  let aal = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
  assert.equal(aal.data.currentLevel, 'aal1');
  assert.equal(aal.data.nextLevel, 'aal1');

  const enrolled = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Celular' });
  assert.equal(enrolled.error, null);
  assert.ok(enrolled.data.totp.qr_code.startsWith('data:image/svg+xml'));
  assert.ok(enrolled.data.totp.uri.startsWith('otpauth://totp/'));
  const factorId = enrolled.data.id;

  const challenge = await sb.auth.mfa.challenge({ factorId });
  assert.equal(challenge.error, null);
  const verified = await sb.auth.mfa.verify({ factorId, challengeId: challenge.data.id,
    code: totp(enrolled.data.totp.secret) });
  assert.equal(verified.error, null);

  aal = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
  assert.equal(aal.data.currentLevel, 'aal2');
  assert.equal(aal.data.nextLevel, 'aal2');
  assert.deepEqual(aal.data.currentAuthenticationMethods.map((m) => m.method), ['totp', 'password']);

  const factors = await sb.auth.mfa.listFactors();
  assert.deepEqual(factors.data.totp.map((f) => [f.id, f.status]), [[factorId, 'verified']]);

  const claims = await sb.auth.getClaims();
  assert.equal(claims.error, null);
  assert.equal(claims.data.claims.aal, 'aal2');
  if (claims.data.header.alg !== 'HS256') {
    // asymmetric signing: supabase-js verified it locally against the published key
    const jwks = await (await fetch(`${url}/auth/v1/.well-known/jwks.json`)).json();
    assert.ok(jwks.keys.some((k) => k.kid === claims.data.header.kid));
  }

  const removed = await sb.auth.mfa.unenroll({ factorId });
  assert.equal(removed.error, null);
  await sb.auth.refreshSession();
  aal = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
  assert.equal(aal.data.currentLevel, 'aal1');
});

test('wrong TOTP code: mfa_verification_failed', async () => {
  const sb = client();
  const email = await newUser();
  await sb.auth.signInWithPassword({ email, password: PASSWORD });
  const enrolled = await sb.auth.mfa.enroll({ factorType: 'totp' });
  const good = totp(enrolled.data.totp.secret);
  const r = await sb.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: good === '000000' ? '111111' : '000000' });
  assert.equal(r.error.code, 'mfa_verification_failed');
  assert.equal(r.error.status, 422);
});

test('admin generateLink and verifyOtp; inviteUserByEmail', async () => {
  const email = await newUser();
  const link = await admin.auth.admin.generateLink({ type: 'magiclink', email });
  assert.equal(link.error, null);
  assert.equal(link.data.user.email, email);
  assert.equal(link.data.properties.verification_type, 'magiclink');
  const sb = client();
  const verified = await sb.auth.verifyOtp({ email, token: link.data.properties.email_otp, type: 'email' });
  assert.equal(verified.error, null);
  assert.equal(verified.data.session.user.email, email);

  const invitee = `js.invite.${randomUUID().slice(0, 8)}@example.test`;
  const invited = await admin.auth.admin.inviteUserByEmail(invitee, { data: { nome: 'Convidada' } });
  assert.equal(invited.error, null);
  created.push(invited.data.user.id);
  assert.ok(invited.data.user.invited_at);
  const again = await admin.auth.admin.inviteUserByEmail(email);
  assert.equal(again.error.code, 'email_exists');
});

test('admin lists and deletes factors; the session it raised is aal1 again', async () => {
  const sb = client();
  const email = await newUser();
  const { data: signedIn } = await sb.auth.signInWithPassword({ email, password: PASSWORD });
  const enrolled = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' });
  assert.equal((await sb.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: totp(enrolled.data.totp.secret) })).error, null);
  assert.equal((await sb.auth.mfa.getAuthenticatorAssuranceLevel()).data.currentLevel, 'aal2');

  const listed = await admin.auth.admin.mfa.listFactors({ userId: signedIn.user.id });
  assert.equal(listed.error, null);
  assert.deepEqual(listed.data.factors.map((f) => [f.id, f.factor_type, f.status, f.friendly_name]),
    [[enrolled.data.id, 'totp', 'verified', 'Tablet']]);
  const deleted = await admin.auth.admin.mfa.deleteFactor({ userId: signedIn.user.id, id: enrolled.data.id });
  assert.equal(deleted.error, null);
  // auth-js hands the body back wrapped once more ({ data: factor, error }), against GoTrue as here
  assert.equal(deleted.data.data.id, enrolled.data.id);
  assert.deepEqual((await admin.auth.admin.mfa.listFactors({ userId: signedIn.user.id })).data.factors, []);

  await sb.auth.refreshSession();
  const claims = await sb.auth.getClaims();
  assert.equal(claims.data.claims.aal, 'aal1');
  assert.deepEqual(claims.data.claims.amr.map((m) => m.method), ['password']);
  const again = await admin.auth.admin.mfa.deleteFactor({ userId: signedIn.user.id, id: enrolled.data.id });
  assert.equal(again.error.status, 404);
  assert.equal(again.error.code, 'mfa_factor_not_found');
});
