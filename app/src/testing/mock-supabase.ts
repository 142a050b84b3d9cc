/**
 * Test double of the supabase client for the portal and thread tests: chainable table calls answered
 * from per-table rows, recorded inserts, storage upload/download and realtime channels.
 *
 *   vi.mock('@/lib/supabase', async () => ({ supabase: (await import('@/testing/mock-supabase')).db.client }));
 */
import { vi } from 'vitest';

type Row = Record<string, unknown>;
export interface Call {
  table: string;
  method: string;
  args: unknown[];
}
type ChangeHandler = (payload: { new: Row }) => void;

export interface MockChannel {
  name: string;
  filters: unknown[];
  handlers: ChangeHandler[];
  subscribed: boolean;
}

function createDb() {
  const state = {
    rows: {} as Record<string, Row[]>,
    errors: {} as Record<string, { message: string } | undefined>,
    calls: [] as Call[],
    inserts: [] as { table: string; row: Row }[],
    insertError: undefined as { message: string } | undefined,
    uploads: [] as { path: string; file: unknown }[],
    uploadError: undefined as { message: string } | undefined,
    downloads: [] as string[],
    downloadError: undefined as { message: string } | undefined,
    channels: [] as MockChannel[],
    removed: [] as string[],
  };

  function table(name: string) {
    let inserted: Row | null = null;
    let single = false;
    const chain: Record<string, unknown> = {};
    const record =
      (method: string) =>
      (...args: unknown[]) => {
        state.calls.push({ table: name, method, args });
        return chain;
      };
    for (const method of ['select', 'eq', 'order', 'limit']) chain[method] = record(method);
    chain.single = (...args: unknown[]) => {
      single = true;
      return record('single')(...args);
    };
    chain.maybeSingle = (...args: unknown[]) => {
      single = true;
      return record('maybeSingle')(...args);
    };
    chain.insert = (row: Row) => {
      inserted = row;
      state.calls.push({ table: name, method: 'insert', args: [row] });
      return chain;
    };
    chain.throwOnError = async () => {
      if (inserted) {
        if (state.insertError) throw state.insertError;
        state.inserts.push({ table: name, row: inserted });
        const stored = { id: `new-${state.inserts.length}`, created_at: new Date().toISOString(), ...inserted };
        return { data: single ? stored : [stored], error: null };
      }
      const error = state.errors[name];
      if (error) throw error;
      const rows = state.rows[name] ?? [];
      return { data: single ? (rows[0] ?? null) : rows, error: null };
    };
    return chain;
  }

  const client = {
    from: vi.fn((name: string) => table(name)),
    storage: {
      from: vi.fn(() => ({
        upload: vi.fn(async (path: string, file: unknown) => {
          if (state.uploadError) return { data: null, error: state.uploadError };
          state.uploads.push({ path, file });
          return { data: { path }, error: null };
        }),
        download: vi.fn(async (path: string) => {
          state.downloads.push(path);
          if (state.downloadError) return { data: null, error: state.downloadError };
          return { data: new Blob(['conteúdo']), error: null };
        }),
      })),
    },
    channel: vi.fn((name: string) => {
      const channel: MockChannel = { name, filters: [], handlers: [], subscribed: false };
      state.channels.push(channel);
      const api = {
        on: (_type: string, filter: unknown, handler: ChangeHandler) => {
          channel.filters.push(filter);
          channel.handlers.push(handler);
          return api;
        },
        subscribe: () => {
          channel.subscribed = true;
          return api;
        },
        __channel: channel,
      };
      return api;
    }),
    removeChannel: vi.fn(async (api: { __channel: MockChannel }) => {
      state.removed.push(api.__channel.name);
      return 'ok';
    }),
  };

  return {
    client,
    state,
    reset() {
      state.rows = {};
      state.errors = {};
      state.calls = [];
      state.inserts = [];
      state.insertError = undefined;
      state.uploads = [];
      state.uploadError = undefined;
      state.downloads = [];
      state.downloadError = undefined;
      state.channels = [];
      state.removed = [];
    },
    /** The calls made on one table, e.g. callsOf('messages', 'order'). */
    callsOf(tableName: string, method?: string): Call[] {
      return state.calls.filter((c) => c.table === tableName && (!method || c.method === method));
    },
    /** Delivers a realtime INSERT to every subscribed channel. */
    emitInsert(row: Row) {
      for (const channel of state.channels) if (channel.subscribed) for (const handler of channel.handlers) handler({ new: row });
    },
  };
}

export const db = createDb();
