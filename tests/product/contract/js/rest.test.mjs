// supabase-js postgrest against a live stack, touching no product data: health, error shapes, keys.
// The full REST feature coverage runs in tests/engine/rest/ against a fixture project.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';

const url = process.env.SUPABASE_URL;
const anonKey = process.env.SUPABASE_ANON_KEY;
const publishableKey = process.env.SUPABASE_PUBLISHABLE_KEY;
// Run against a live stack (make test sets these): an unset key fails the file, it never skips.
for (const name of ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_PUBLISHABLE_KEY']) {
  if (!process.env[name]) throw new Error(`${name} is not set: these tests need a live stack`);
}
const opts = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws } };

test('GET /rest/v1/ is the health check', async () => {
  const res = await fetch(`${url}/rest/v1/`, { headers: { apikey: anonKey } });
  assert.equal(res.status, 200);
});

test('unknown table: 404 PGRST205 with all four error keys', async () => {
  const supabase = createClient(url, anonKey, opts);
  const { data, error, status } = await supabase.from('no_such_table_for_contract').select('*');
  assert.equal(data, null);
  assert.equal(status, 404);
  assert.equal(error.code, 'PGRST205');
  assert.deepEqual(Object.keys(error).sort(), ['code', 'details', 'hint', 'message']);
});

test('unknown function: 404 PGRST202', async () => {
  const supabase = createClient(url, publishableKey, opts);
  const { error, status } = await supabase.rpc('no_such_function_for_contract', { x: 1 });
  assert.equal(status, 404);
  assert.equal(error.code, 'PGRST202');
});

test('bad JWT: 401 PGRST301 with WWW-Authenticate', async () => {
  const res = await fetch(`${url}/rest/v1/no_such_table_for_contract`, {
    headers: { apikey: anonKey, Authorization: 'Bearer not-a-jwt' },
  });
  assert.equal(res.status, 401);
  assert.match(res.headers.get('www-authenticate'), /^Bearer error="invalid_token"/);
  assert.equal((await res.json()).code, 'PGRST301');
});

test('parse errors are 400 PGRST100, never 500', async () => {
  const res = await fetch(`${url}/rest/v1/no_such_table_for_contract?or=(a.eq.1`, { headers: { apikey: anonKey } });
  assert.equal(res.status, 400);
  assert.equal((await res.json()).code, 'PGRST100');
});
