// supabase-js auth against a live stack (SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY from the
// environment): password sign-in, session, user, refresh, password change, sign-out and the auth events.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';

const url = process.env.SUPABASE_URL;
const anonKey = process.env.SUPABASE_ANON_KEY;
const serviceKey = process.env.SUPABASE_SERVICE_ROLE_KEY;
const PASSWORD = 'Segredo@123';
const NEW_PASSWORD = 'NovaSenha@456';

const client = (key = anonKey) =>
  createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws }, // Node 20 has no native WebSocket
  });
// Run against a live stack (make test sets these): an unset key fails the file, it never skips.
for (const name of ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY']) {
  if (!process.env[name]) throw new Error(`${name} is not set: these tests need a live stack`);
}

let admin;
let user;
const email = `js.auth.${randomUUID().slice(0, 8)}@example.test`;

before(async () => {
  admin = client(serviceKey);
  const { data, error } = await admin.auth.admin.createUser({
    email, password: PASSWORD, email_confirm: true, user_metadata: { full_name: 'Teste JS' },
  });
  assert.equal(error, null);
  user = data.user;
});

after(async () => {
  if (user) await admin.auth.admin.deleteUser(user.id);
});

test('sign in, session, user, refresh, password change, sign out, with their events', async () => {
  const sb = client();
  const events = [];
  const { data: sub } = sb.auth.onAuthStateChange((event, session) => events.push([event, session?.user?.id]));

  const signIn = await sb.auth.signInWithPassword({ email, password: PASSWORD });
  assert.equal(signIn.error, null);
  assert.equal(signIn.data.user.id, user.id);
  assert.equal(signIn.data.session.token_type, 'bearer');
  assert.ok(signIn.data.session.expires_at > Date.now() / 1000);

  const { data: { session } } = await sb.auth.getSession();
  assert.equal(session.access_token, signIn.data.session.access_token);

  const got = await sb.auth.getUser();
  assert.equal(got.error, null);
  assert.equal(got.data.user.email, email);
  assert.equal(got.data.user.user_metadata.full_name, 'Teste JS');
  assert.deepEqual(got.data.user.app_metadata.providers, ['email']);

  const refreshed = await sb.auth.refreshSession();
  assert.equal(refreshed.error, null);
  assert.notEqual(refreshed.data.session.refresh_token, session.refresh_token);

  const updated = await sb.auth.updateUser({ password: NEW_PASSWORD });
  assert.equal(updated.error, null);
  assert.equal(updated.data.user.id, user.id);

  const oldRefresh = refreshed.data.session.refresh_token;
  const out = await sb.auth.signOut();
  assert.equal(out.error, null);
  assert.equal((await sb.auth.getSession()).data.session, null);

  const waited = Date.now() + 2000;
  while (!events.some(([e]) => e === 'SIGNED_OUT') && Date.now() < waited) await new Promise((r) => setTimeout(r, 20));
  const names = events.map(([e]) => e);
  for (const name of ['SIGNED_IN', 'TOKEN_REFRESHED', 'USER_UPDATED', 'SIGNED_OUT']) assert.ok(names.includes(name), `${name} in ${names}`);
  assert.ok(names.indexOf('SIGNED_IN') < names.indexOf('TOKEN_REFRESHED'));
  assert.ok(names.indexOf('TOKEN_REFRESHED') < names.indexOf('USER_UPDATED'));
  assert.ok(names.indexOf('USER_UPDATED') < names.indexOf('SIGNED_OUT'));
  sub.subscription.unsubscribe();

  // the refresh token of the ended session is dead
  const reuse = await client().auth.refreshSession({ refresh_token: oldRefresh });
  assert.equal(reuse.error?.code, 'refresh_token_not_found');

  // the new password works, the old one does not
  const oldPw = await client().auth.signInWithPassword({ email, password: PASSWORD });
  assert.equal(oldPw.error?.code, 'invalid_credentials');
  const newPw = await client().auth.signInWithPassword({ email, password: NEW_PASSWORD });
  assert.equal(newPw.error, null);
});

test('wrong password gives invalid_credentials', async () => {
  const { data, error } = await client().auth.signInWithPassword({ email, password: 'errada-123' });
  assert.equal(data.session, null);
  assert.equal(error.code, 'invalid_credentials');
  assert.equal(error.status, 400);
  assert.equal(error.message, 'Invalid login credentials');
});

test('admin API needs the service role', async () => {
  const { error } = await client().auth.admin.listUsers();
  assert.equal(error.status, 403);
  assert.equal(error.code, 'not_admin');
  const { data, error: adminError } = await admin.auth.admin.listUsers({ page: 1, perPage: 1000 });
  assert.equal(adminError, null);
  assert.ok(data.users.some((u) => u.id === user.id));
});
