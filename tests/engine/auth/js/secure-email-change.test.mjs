// supabase-js against a stack with e-mail confirmations on and secure e-mail change (the default): updateUser({ email })
// mails a code to the current and to the new address, and only both codes together change the address.
// Needs a live stack (SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY) and its mail sink (INBUCKET_URL);
// tests/engine/auth/test_secure_email_change.py starts one and runs this file with `node --test`.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';

for (const name of ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'INBUCKET_URL']) {
  if (!process.env[name]) throw new Error(`${name} is not set: these tests need a live stack and its mail sink`);
}
const url = process.env.SUPABASE_URL;
const sink = process.env.INBUCKET_URL.replace(/\/$/, '');
const PASSWORD = 'Segredo@123';
const SUBJECT = 'Confirme a alteração de e-mail';

const client = (key = process.env.SUPABASE_ANON_KEY) =>
  createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws }, // Node 20 has no native WebSocket
  });

/** The code of the newest e-mail change mail to `to` (waits for it). */
async function codeFor(to) {
  for (let i = 0; i < 100; i += 1) {
    const list = await (await fetch(`${sink}/api/v1/mailbox/${encodeURIComponent(to)}`)).json();
    const found = [...list].reverse().find((m) => m.subject.includes(SUBJECT));
    if (found) {
      const mail = await (await fetch(`${sink}/api/v1/mailbox/${encodeURIComponent(to)}/${found.id}`)).json();
      return mail.body.text.match(/código (\d{6})/)[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail change mail to ${to}`);
}

const email = `js.troca.${randomUUID().slice(0, 8)}@example.test`;
const newEmail = `js.nova.${randomUUID().slice(0, 8)}@example.test`;
let sb;

before(async () => {
  const created = await client(process.env.SUPABASE_SERVICE_ROLE_KEY).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  assert.equal(created.error, null);
  sb = client();
  const signIn = await sb.auth.signInWithPassword({ email, password: PASSWORD });
  assert.equal(signIn.error, null);
});

test('updateUser asks both addresses and keeps the current one meanwhile', async () => {
  const { data, error } = await sb.auth.updateUser({ email: newEmail });
  assert.equal(error, null);
  assert.equal(data.user.email, email);
  assert.equal(data.user.new_email, newEmail);
});

test('the new address alone does not change it', async () => {
  const code = await codeFor(newEmail);
  const { data, error } = await sb.auth.verifyOtp({ email: newEmail, token: code, type: 'email_change' });
  assert.equal(error, null);
  assert.equal(data.session, null);
  const { error: refused } = await client().auth.signInWithPassword({ email: newEmail, password: PASSWORD });
  assert.ok(refused, 'the new address cannot sign in before the current one confirms');
});

test('the current address confirms and the change is made', async () => {
  const code = await codeFor(email);
  const { data, error } = await sb.auth.verifyOtp({ email, token: code, type: 'email_change' });
  assert.equal(error, null);
  assert.equal(data.user.email, newEmail);
  const { error: signInError } = await client().auth.signInWithPassword({ email: newEmail, password: PASSWORD });
  assert.equal(signInError, null);
});
