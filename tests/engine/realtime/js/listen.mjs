// supabase-js subscribed to one channel as the JSON spec in argv[2] says; prints every event it
// receives as one JSON line, and runs the JSON commands it reads on stdin (send, httpSend, setAuth, track).
import { createClient } from '@supabase/supabase-js';
import readline from 'node:readline';
import ws from 'ws';

const spec = JSON.parse(process.argv[2] ?? '{}');
const out = (event) => process.stdout.write(JSON.stringify(event) + '\n');
const encodePayload = (payload) =>
  payload instanceof ArrayBuffer ? { binary: Buffer.from(payload).toString('base64') } : payload;

const supabase = createClient(process.env.SUPABASE_URL, spec.apikey ?? process.env.SUPABASE_ANON_KEY, {
  auth: { persistSession: false, autoRefreshToken: false },
  // Node < 22 has no global WebSocket: hand realtime-js the `ws` package, as its docs say
  realtime: { vsn: spec.vsn ?? '2.0.0', heartbeatIntervalMs: spec.heartbeatMs ?? 25000, transport: ws,
    ...(spec.reconnectMs ? { reconnectAfterMs: () => spec.reconnectMs } : {}) },
});
if (spec.token) supabase.realtime.setAuth(spec.token);

const channel = supabase.channel(spec.channel ?? 'room', {
  config: {
    broadcast: spec.broadcast ?? { self: false, ack: false },
    presence: spec.presence ?? { key: '' },
    private: spec.private ?? false,
  },
});
for (const binding of spec.postgres_changes ?? []) {
  channel.on('postgres_changes', binding, (payload) => out({ type: 'postgres_changes', ...payload }));
}
if (spec.listenBroadcast !== false) {
  channel.on('broadcast', { event: '*' }, (message) =>
    out({ type: 'broadcast', event: message.event, payload: encodePayload(message.payload) }),
  );
}
if (spec.presence) {
  channel.on('presence', { event: 'sync' }, () => out({ type: 'presence', event: 'sync', state: channel.presenceState() }));
}
channel.on('system', {}, (payload) => out({ type: 'system', ...payload }));
channel.subscribe((status, error) => out({ type: 'status', status, error: error?.message ?? null }));

const commands = readline.createInterface({ input: process.stdin });
commands.on('line', async (line) => {
  const command = JSON.parse(line);
  try {
    if (command.send) {
      const { event, payload, binary } = command.send;
      const body = binary ? Uint8Array.from(Buffer.from(payload, 'base64')).buffer : payload;
      out({ type: 'sent', result: await channel.send({ type: 'broadcast', event, payload: body }) });
    } else if (command.httpSend) {
      const { event, payload } = command.httpSend;
      out({ type: 'http_sent', result: await channel.httpSend(event, payload) });
    } else if (command.setAuth) {
      await supabase.realtime.setAuth(command.setAuth);
      out({ type: 'auth_set' });
    } else if (command.track) {
      out({ type: 'tracked', result: await channel.track(command.track) });
    }
  } catch (error) {
    out({ type: 'command_error', error: String(error?.message ?? error) });
  }
});
commands.on('close', () => process.exit(0));
