/**
 * The realtime socket for tests (MSW WebSocket link): speaks Phoenix serializer 2.0.0 as supabase-js does —
 * joins with postgres_changes bindings, heartbeats, leaves — and pushes row changes a test emits to the
 * channels whose bindings (table, event and `col=eq.value` filter) match, as the real service would.
 *
 *   realtime.emit('messages', 'INSERT', row);     // reaches channels listening to messages with a matching filter
 *   realtime.channels()                           // what the app joined: topic, bindings, joined/left
 */
import { ws, type WebSocketHandler } from 'msw';
import { matches, type Row } from './postgrest-query';

const SOCKET_URL = 'ws://127.0.0.1:54321/realtime/v1/websocket';

export interface Binding {
  id: number;
  event: string;
  schema: string;
  table?: string;
  filter?: string;
}

export interface JoinedChannel {
  topic: string;
  bindings: Binding[];
  joined: boolean;
  left: boolean;
  send: (frame: unknown[]) => void;
}

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

const state = { channels: [] as JoinedChannel[], nextId: 1 };

const link = ws.link(SOCKET_URL);

/** A binding's filter `column=op.value` against the changed row (the realtime service supports one such filter). */
function filterPasses(filter: string | undefined, record: Row): boolean {
  if (!filter) return true;
  const eq = filter.indexOf('=');
  return matches(record[filter.slice(0, eq)], filter.slice(eq + 1));
}

export const realtime = {
  channels(): JoinedChannel[] {
    return state.channels;
  },
  /** Pushes a change of `table` to every joined channel with a matching binding. */
  emit(table: string, type: 'INSERT' | 'UPDATE' | 'DELETE', record: Row, oldRecord: Row = {}) {
    for (const channel of state.channels) {
      if (!channel.joined || channel.left) continue;
      const ids = channel.bindings
        .filter((b) => (b.table ?? table) === table && (b.event === '*' || b.event === type))
        .filter((b) => filterPasses(b.filter, type === 'DELETE' ? oldRecord : record))
        .map((b) => b.id);
      if (!ids.length) continue;
      const data = {
        schema: 'public',
        table,
        commit_timestamp: new Date().toISOString(),
        type,
        columns: [],
        errors: null,
        record,
        old_record: oldRecord,
      };
      channel.send([null, null, channel.topic, 'postgres_changes', { ids, data }]);
    }
  },
  reset() {
    state.channels = [];
    state.nextId = 1;
  },
};

export const realtimeHandler: WebSocketHandler = link.addEventListener('connection', ({ client }) => {
  const send = (frame: unknown[]) => client.send(JSON.stringify(frame));
  client.addEventListener('message', (event) => {
    if (typeof event.data !== 'string') return;
    const [joinRef, ref, topic, name, payload] = JSON.parse(event.data) as Frame;
    const reply = (response: Record<string, unknown>) =>
      send([joinRef, ref, topic, 'phx_reply', { status: 'ok', response }]);
    if (name === 'phx_join') {
      const config = (payload.config ?? {}) as { postgres_changes?: Omit<Binding, 'id'>[] };
      const bindings = (config.postgres_changes ?? []).map((b) => ({ ...b, id: state.nextId++ }));
      const channel: JoinedChannel = { topic, bindings, joined: true, left: false, send };
      state.channels.push(channel);
      reply({ postgres_changes: bindings });
    } else if (name === 'phx_leave') {
      for (const channel of state.channels) if (channel.topic === topic) channel.left = true;
      reply({});
      send([joinRef, null, topic, 'phx_close', {}]);
    } else {
      // heartbeat, access_token and the like: acknowledged
      reply({});
    }
  });
});
