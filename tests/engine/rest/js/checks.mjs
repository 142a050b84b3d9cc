// What the supabase-js scripts against the REST fixture stack share: the clients (from SUPABASE_URL,
// SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY) and `check`, which records {name: {ok, got, expected}}.
import { createClient } from '@supabase/supabase-js'
import { isDeepStrictEqual } from 'node:util'
import ws from 'ws'

export const url = process.env.SUPABASE_URL
export const opts = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws } }
export const anon = createClient(url, process.env.SUPABASE_ANON_KEY, opts)
export const service = createClient(url, process.env.SUPABASE_SERVICE_ROLE_KEY, opts)

export const results = {}
export async function check(name, run, expected) {
  try {
    const got = await run()
    results[name] = { ok: isDeepStrictEqual(got, expected), got, expected }
  } catch (e) {
    results[name] = { ok: false, got: String(e), expected }
  }
}
export const ids = (r) => (r.error ? r.error : r.data.map((x) => x.id).sort((a, b) => a - b))
