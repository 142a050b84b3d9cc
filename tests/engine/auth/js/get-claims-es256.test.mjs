// supabase-js auth.getClaims() against a stack that signs access tokens with an ES256 signing key: the claims are
// verified in the client through the published JWKS (no /user round trip), and a tampered or forged token is refused.
// Needs a live ES256 stack (SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY); tests/engine/auth/test_js_get_claims_es256.py
// starts one and runs this file with `node --test`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';

for (const name of ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY']) {
  if (!process.env[name]) throw new Error(`${name} is not set: these tests need a live ES256 stack`);
}
const url = process.env.SUPABASE_URL;
const PASSWORD = 'Segredo@123';

/** A client whose every request path is recorded, to tell a local verification from a server round trip. */
function client(key = process.env.SUPABASE_ANON_KEY) {
  const seen = [];
  const recording = (input, init) => {
    seen.push(new URL(typeof input === 'string' ? input : input.url).pathname);
    return fetch(input, init);
  };
  const sb = createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: recording },
    realtime: { transport: ws }, // Node 20 has no native WebSocket
  });
  return { sb, seen };
}

const b64url = (value) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const decodePart = (part) => JSON.parse(Buffer.from(part, 'base64url').toString());

let admin;
let user;
let session;
const email = `js.claims.${randomUUID().slice(0, 8)}@example.test`;

before(async () => {
  admin = client(process.env.SUPABASE_SERVICE_ROLE_KEY).sb;
  const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  assert.equal(created.error, null);
  user = created.data.user;
  const signIn = await client().sb.auth.signInWithPassword({ email, password: PASSWORD });
  assert.equal(signIn.error, null);
  session = signIn.data.session;
});

after(async () => {
  if (user) await admin.auth.admin.deleteUser(user.id);
});

test('the access token is ES256 under a key the JWKS publishes (public parts only)', async () => {
  const header = decodePart(session.access_token.split('.')[0]);
  assert.equal(header.alg, 'ES256');
  assert.ok(header.kid);
  const jwks = await (await fetch(`${url}/auth/v1/.well-known/jwks.json`)).json();
  const key = jwks.keys.find((k) => k.kid === header.kid);
  assert.ok(key, 'the signing key is published');
  assert.equal(key.kty, 'EC');
  assert.equal(key.crv, 'P-256');
  assert.equal(key.d, undefined, 'no private part');
});

test('getClaims() of the signed-in session verifies through the JWKS, without asking /user', async () => {
  const { sb, seen } = client();
  const signIn = await sb.auth.signInWithPassword({ email, password: PASSWORD });
  assert.equal(signIn.error, null);
  seen.length = 0;

  const { data, error } = await sb.auth.getClaims();
  assert.equal(error, null);
  assert.equal(data.claims.sub, user.id);
  assert.equal(data.claims.role, 'authenticated');
  assert.equal(data.claims.email, email);
  assert.equal(data.claims.aal, 'aal1');
  assert.equal(data.header.alg, 'ES256');
  assert.equal(data.header.kid, decodePart(signIn.data.session.access_token.split('.')[0]).kid);
  assert.deepEqual(seen, ['/auth/v1/.well-known/jwks.json']);

  // the key set is cached: a second call makes no request at all
  const again = await sb.auth.getClaims();
  assert.equal(again.error, null);
  assert.equal(again.data.claims.sub, user.id);
  assert.deepEqual(seen, ['/auth/v1/.well-known/jwks.json']);
});

test('a token whose claims were changed after signing is refused locally', async () => {
  const { sb, seen } = client();
  const [header, payload, signature] = session.access_token.split('.');
  const claims = decodePart(payload);
  const tampered = `${header}.${b64url({ ...claims, sub: randomUUID(), role: 'service_role' })}.${signature}`;
  const { data, error } = await sb.auth.getClaims(tampered);
  assert.equal(data, null);
  assert.equal(error?.name, 'AuthInvalidJwtError');
  assert.match(error.message, /Invalid JWT signature/);
  assert.ok(!seen.includes('/auth/v1/user'), 'refused by the signature check, not by the server');
});

test("a token signed with another ES256 key under the stack's kid is refused", async () => {
  const { sb } = client();
  const [header, payload] = session.access_token.split('.');
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const forgedSignature = sign('sha256', Buffer.from(`${header}.${payload}`), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  const forged = `${header}.${payload}.${forgedSignature.toString('base64url')}`;
  const { data, error } = await sb.auth.getClaims(forged);
  assert.equal(data, null);
  assert.match(error?.message ?? '', /Invalid JWT signature/);
});

test('a token under a kid the JWKS does not know falls back to the server, which refuses it', async () => {
  const { sb, seen } = client();
  const [header, payload] = session.access_token.split('.');
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const strangerHeader = b64url({ ...decodePart(header), kid: randomUUID() });
  const strangerSignature = sign('sha256', Buffer.from(`${strangerHeader}.${payload}`), {
    key: privateKey,
    dsaEncoding: 'ieee-p1363',
  });
  const stranger = `${strangerHeader}.${payload}.${strangerSignature.toString('base64url')}`;
  const { data, error } = await sb.auth.getClaims(stranger);
  assert.equal(data, null);
  assert.ok(error, 'refused');
  assert.equal(error.status, 403);
  assert.ok(seen.includes('/auth/v1/user'), 'asked the server');
});
