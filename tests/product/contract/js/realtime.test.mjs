// supabase-js realtime against a live stack (SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY,
// SUPABASE_PUBLISHABLE_KEY from the environment): broadcast and presence need no tables; postgres_changes
// uses the product's `messages` table and the seeded demo clients.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';

const url = process.env.SUPABASE_URL;
const anonKey = process.env.SUPABASE_ANON_KEY;
const serviceKey = process.env.SUPABASE_SERVICE_ROLE_KEY;
const publishableKey = process.env.SUPABASE_PUBLISHABLE_KEY;
// Run against a live stack (make test sets these): an unset key fails the file, it never skips.
for (const name of ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_PUBLISHABLE_KEY']) {
  if (!process.env[name]) throw new Error(`${name} is not set: these tests need a live stack`);
}
const DEMO_PASSWORD = 'Demo@12345';

const clients = [];
const client = (key = anonKey, vsn = '2.0.0') => {
  const c = createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws, vsn }, // Node 20 has no native WebSocket
  });
  clients.push(c);
  return c;
};
// realtime-js keeps a 10 s timer alive after disconnecting, so this file ends ~10 s after its last test
after(() => Promise.all(clients.map((c) => c.removeAllChannels())));

const subscribe = (channel) =>
  new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });

const nextEvent = (register, ms = 3000) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no event within ${ms} ms`)), ms);
    register((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });

test('broadcast between two clients (vsn 2.0.0 and 1.0.0), with ack and self', async () => {
  const room = `contract-${randomUUID().slice(0, 8)}`;
  const received = [];
  const listener = client(anonKey, '1.0.0').channel(room);
  listener.on('broadcast', { event: 'ping' }, (m) => received.push(m.payload));
  await subscribe(listener);
  const sender = client(publishableKey).channel(room, { config: { broadcast: { ack: true, self: true } } });
  const echoed = nextEvent((done) => sender.on('broadcast', { event: 'ping' }, (m) => done(m.payload)));
  await subscribe(sender);
  assert.equal(await sender.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } }), 'ok');
  assert.deepEqual(await echoed, { n: 1 });
  const rest = await sender.httpSend('ping', { n: 2 });
  assert.deepEqual(rest, { success: true });
  for (let i = 0; i < 50 && received.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
  assert.deepEqual(received, [{ n: 1 }, { n: 2 }]);
});

test('presence: a tracked client appears in the other client state', async () => {
  const room = `presence-${randomUUID().slice(0, 8)}`;
  const first = client().channel(room, { config: { presence: { key: 'first' } } });
  first.on('presence', { event: 'sync' }, () => {});
  await subscribe(first);
  assert.equal(await first.track({ status: 'online' }), 'ok');
  const second = client().channel(room, { config: { presence: { key: 'second' } } });
  const synced = nextEvent((done) =>
    second.on('presence', { event: 'sync' }, () => {
      if (second.presenceState().first) done(second.presenceState());
    }),
  );
  await subscribe(second);
  const state = await synced;
  assert.equal(state.first[0].status, 'online');
});

test('postgres_changes on messages: a client sees its own rows only', async () => {
  const admin = client(serviceKey);
  const signIn = async (email) => {
    const c = client();
    const { data, error } = await c.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
    assert.equal(error, null, `sign-in of the seeded ${email}`);
    await c.realtime.setAuth(data.session.access_token);
    const { data: rows, error: readError } = await c.from('clients').select('id');
    assert.equal(readError, null);
    assert.equal(rows.length, 1, `${email} reads exactly their own client row`);
    return { c, clientId: rows[0].id };
  };
  const maria = await signIn('maria.silva@cliente.test');
  const joao = await signIn('joao.souza@cliente.test');
  assert.notEqual(maria.clientId, joao.clientId);
  const joaoSaw = [];
  const joaoChannel = joao.c.channel(`joao-${randomUUID().slice(0, 8)}`);
  joaoChannel.on('postgres_changes', { event: '*', schema: 'public', table: 'messages' }, (p) => joaoSaw.push(p));
  await subscribe(joaoChannel);
  const mariaChannel = maria.c.channel(`maria-${randomUUID().slice(0, 8)}`);
  const change = nextEvent((done) =>
    mariaChannel.on(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'messages', filter: `client_id=eq.${maria.clientId}` },
      done,
    ),
  );
  await subscribe(mariaChannel);
  const content = `Olá Maria ${randomUUID().slice(0, 8)}`;
  const { error } = await admin.from('messages').insert({ client_id: maria.clientId, sender_type: 'office', content });
  assert.equal(error, null);
  const payload = await change;
  assert.equal(payload.eventType, 'INSERT');
  assert.equal(payload.new.content, content);
  assert.equal(payload.new.client_id, maria.clientId);
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(joaoSaw.filter((p) => p.new?.content === content).length, 0);
});
