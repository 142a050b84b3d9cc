// supabase-js functions.invoke against a live stack (SUPABASE_URL, SUPABASE_ANON_KEY from the environment).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import ws from 'ws';

const url = process.env.SUPABASE_URL;
const anonKey = process.env.SUPABASE_ANON_KEY;
const publishableKey = process.env.SUPABASE_PUBLISHABLE_KEY;
const DEMO_PASSWORD = 'Demo@12345';
// Run against a live stack (make test sets these): an unset key fails the file, it never skips.
for (const name of ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_PUBLISHABLE_KEY', 'SUPABASE_SERVICE_ROLE_KEY']) {
  if (!process.env[name]) throw new Error(`${name} is not set: these tests need a live stack`);
}

const client = (key = anonKey) =>
  createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws }, // Node 20 has no native WebSocket
  });

let admin;

// The live stack is shared with the browser journeys: put back what these tests change.
const RECEIPT = 'EAC9999103403';
const serviceKey = process.env.SUPABASE_SERVICE_ROLE_KEY;
let saved = null;

async function snapshot() {
  const service = client(serviceKey);
  const { data: receipt } = await service.from('uscis_receipts').select('*').eq('receipt_number', RECEIPT).maybeSingle();
  const { data: history } = receipt
    ? await service.from('uscis_status_history').select('id').eq('receipt_id', receipt.id)
    : { data: [] };
  const { data: setting } = await service.from('system_settings').select('*').eq('key', 'aws_s3_config').maybeSingle();
  saved = { receipt, historyIds: (history ?? []).map((h) => h.id), setting };
}

async function restore() {
  if (!saved) return;
  const service = client(serviceKey);
  const { receipt, historyIds, setting } = saved;
  if (receipt) {
    const { id, last_status, last_checked_at, last_updated_at, next_action_date } = receipt;
    await service.from('uscis_receipts').update({ last_status, last_checked_at, last_updated_at, next_action_date }).eq('id', id);
    let added = service.from('uscis_status_history').delete().eq('receipt_id', id);
    if (historyIds.length) added = added.not('id', 'in', `(${historyIds.join(',')})`);
    await added;
  }
  if (setting) await service.from('system_settings').upsert(setting);
  else await service.from('system_settings').delete().eq('key', 'aws_s3_config');
}

before(async () => {
  await snapshot();
  assert.ok(saved.receipt, `seeded receipt ${RECEIPT} is not in the seed`);
  admin = client();
  const { error } = await admin.auth.signInWithPassword({ email: 'admin@escritorio.test', password: DEMO_PASSWORD });
  assert.equal(error, null, 'sign-in as the seeded administrator');
});

after(async () => {
  if (admin) await admin.auth.signOut();
  await restore();
});

test('system-settings: save and read the S3 configuration, secret masked', async () => {
  const value = { accessKeyId: 'AKIAJSCONTRACT01', secretAccessKey: 'js-contract-secret-value-9876',
                  region: 'us-east-1', bucket: 'escritorio-js' };
  const saved = await admin.functions.invoke('system-settings', { body: { key: 'aws_s3_config', value } });
  assert.equal(saved.error, null);
  assert.equal(saved.data.success, true);

  const read = await admin.functions.invoke('system-settings?key=aws_s3_config', { method: 'GET' });
  assert.equal(read.error, null);
  assert.equal(read.data.data.bucket, 'escritorio-js');
  assert.equal(read.data.data.secretAccessKey, '••••••••9876');
  assert.ok(read.data.data.lastUpdated);
});

test('system-settings: incomplete configuration answers 400 with the message field', async () => {
  const { data, error } = await admin.functions.invoke('system-settings', {
    body: { key: 'aws_s3_config', value: { accessKeyId: 'x', secretAccessKey: '', region: 'us-east-1', bucket: 'b' } },
  });
  assert.equal(data, null);
  assert.ok(error instanceof FunctionsHttpError);
  assert.equal(error.context.status, 400);
  assert.equal((await error.context.json()).message, 'Todos os campos são obrigatórios');
});

test('uscis-status-checker: checks a seeded receipt as the administrator', async () => {
  const { data, error } = await admin.functions.invoke('uscis-status-checker', {
    body: { receiptNumbers: ['EAC9999103403', 'nope'] },
  });
  assert.equal(error, null);
  assert.equal(data.checked, 1);
  assert.equal(data.failed, 1);
  const ok = data.results.find((r) => r.receiptNumber === 'EAC9999103403');
  assert.equal(ok.error, null);
  assert.equal(ok.tracked, true);
  assert.match(ok.details, /^Demonstração:/);
});

test('uscis-status-checker: signed out, the error body is read from error.context', async () => {
  const { error } = await client().functions.invoke('uscis-status-checker', { body: { receiptNumbers: ['EAC9999103403'] } });
  assert.ok(error instanceof FunctionsHttpError);
  assert.equal(error.context.status, 401);
  assert.equal((await error.context.json()).error, 'Authentication required');
});

test('publishable key: sent only as apikey to functions, still passes verify_jwt', async () => {
  const { error } = await client(publishableKey).functions.invoke('uscis-status-checker', { body: { receiptNumbers: [] } });
  // the gateway accepts the key (mapped to the anon JWT); the function itself wants a signed-in user
  assert.ok(error instanceof FunctionsHttpError);
  assert.equal(error.context.status, 401);
  assert.equal((await error.context.json()).error, 'Authentication required');
});

test('create-admin-user: refuses a second administrator without touching the account', async () => {
  const { error } = await client().functions.invoke('create-admin-user', {
    body: { email: 'admin@escritorio.test', password: 'OutraSenha123', full_name: 'Outra' },
  });
  assert.equal(error.context.status, 409);
  assert.equal((await error.context.json()).error, 'Usuário administrador já existe');
  const again = client();
  const { error: signInError } = await again.auth.signInWithPassword({ email: 'admin@escritorio.test', password: DEMO_PASSWORD });
  assert.equal(signInError, null);
  await again.auth.signOut();
});
