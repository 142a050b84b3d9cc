/**
 * A Supabase stand-in at the HTTP level (MSW): the app's real supabase-js client sends real requests and these
 * handlers answer them from per-test in-memory tables — PostgREST reads and writes (filters really applied),
 * RPC (404 unless a test adds a handler with `rpc()`), GoTrue password sign-in, /user (read, update), e-mail links (otp), link sessions and TOTP factors
 * (enroll, challenge, verify with TOTP_CODE into an aal2 session, unenroll), Storage objects and
 * signed URLs — plus the realtime socket (realtime-server.ts). setup.ts starts it and resets it after each test.
 *
 *   db.seed('messages', [row1, row2]);             // declares the table and its rows
 *   server.use(rpc('mark_messages_read', () => null));
 *   server.use(http.post(restUrl('messages'), () => postgrestError(403, '42501', 'permission denied')));
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { applyFilters, applyOrder, applyRange, project, type Row } from './postgrest-query';
import { realtimeHandler } from './realtime-server';

export type { Row };

/** The URL and key setup.ts gives the app (window.__ENV__), so the real client points here. */
export const SUPABASE_URL = 'http://127.0.0.1:54321';
export const SUPABASE_ANON_KEY = 'test-anon-key';

export const restUrl = (table: string) => `${SUPABASE_URL}/rest/v1/${table}`;
export const rpcUrl = (fn: string) => `${SUPABASE_URL}/rest/v1/rpc/${fn}`;

export interface StoredObject {
  bucket: string;
  path: string;
  bytes: Uint8Array;
  contentType: string;
}

/** An authenticator (TOTP) factor of a user, as GoTrue lists it. */
export interface TestFactor {
  id: string;
  friendly_name?: string;
  factor_type?: 'totp';
  status: 'verified' | 'unverified';
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  /** Authenticator factors; a verify call with TOTP_CODE passes, any other code fails. */
  factors?: TestFactor[];
}

/** The one authenticator code the stand-in accepts. */
export const TOTP_CODE = '123456';

/** One request the server answered, for assertions on what the app sent (method, path, query, JSON body). */
export interface SeenRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: Headers;
  body: unknown;
}

function createDatabase() {
  const state = {
    tables: new Map<string, Row[]>(),
    objects: new Map<string, StoredObject>(),
    users: [] as TestUser[],
    /** access token -> user id */
    tokens: new Map<string, string>(),
    requests: [] as SeenRequest[],
  };
  return {
    state,
    /** Declares `table` (an unknown table answers 404 as PostgREST does) and sets its rows (copied). */
    seed(table: string, rows: Row[] = []) {
      state.tables.set(
        table,
        rows.map((row) => structuredClone(row)),
      );
    },
    /** The table's current rows (after the app's inserts, updates and deletes). */
    rows(table: string): Row[] {
      return state.tables.get(table) ?? [];
    },
    /** Puts a file into a bucket, as an earlier upload would have. */
    putObject(
      bucket: string,
      path: string,
      content: string | Uint8Array = 'conteúdo',
      contentType = 'application/octet-stream',
    ) {
      const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
      state.objects.set(`${bucket}/${path}`, { bucket, path, bytes, contentType });
    },
    objects(bucket?: string): StoredObject[] {
      return [...state.objects.values()].filter((o) => !bucket || o.bucket === bucket);
    },
    /** Adds a user (copied); its factors change as the app enrolls, verifies and removes them. */
    addUser(user: TestUser) {
      state.users.push(structuredClone(user));
    },
    user(id: string): TestUser | undefined {
      return state.users.find((u) => u.id === id);
    },
    /** Tokens of a new session for a user added before, as an e-mail link (invite, recovery) carries them. */
    linkSession(id: string): { access_token: string; refresh_token: string } {
      const user = state.users.find((u) => u.id === id);
      if (!user) throw new Error(`no test user ${id}`);
      const { access_token, refresh_token } = issueSession(user);
      return { access_token, refresh_token };
    },
    /** Requests seen so far, optionally only those whose path ends with `suffix` (e.g. '/rest/v1/messages'). */
    requests(suffix?: string, method?: string): SeenRequest[] {
      return state.requests.filter((r) => (!suffix || r.path.endsWith(suffix)) && (!method || r.method === method));
    },
    reset() {
      state.tables.clear();
      state.objects.clear();
      state.users = [];
      state.tokens.clear();
      state.requests = [];
    },
  };
}

export const db = createDatabase();

/** A PostgREST error body ({code, message, details, hint}) with its HTTP status. */
export function postgrestError(status: number, code: string, message: string, details: string | null = null) {
  return HttpResponse.json({ code, message, details, hint: null }, { status });
}

/** A Storage error body as storage-js reads it. */
export function storageError(status: number, message: string, error = 'error') {
  return HttpResponse.json({ statusCode: String(status), error, message }, { status });
}

/** A handler for `supabase.rpc(fn, args)`: `answer` gets the JSON arguments and returns the JSON result (or a Response). */
export function rpc(fn: string, answer: (args: Record<string, unknown>, request: Request) => unknown) {
  return http.post(rpcUrl(fn), async ({ request }) => {
    const text = await request.clone().text();
    const result = await answer(text ? (JSON.parse(text) as Record<string, unknown>) : {}, request);
    return result instanceof Response ? result : HttpResponse.json((result ?? null) as JsonBodyType);
  });
}

/** The JSON body of a request (null when empty or not JSON), read from a clone so others can read it too. */
async function jsonBody(request: Request): Promise<unknown> {
  if (!(request.headers.get('content-type') ?? '').includes('json')) return null;
  const text = await request.clone().text();
  return text ? JSON.parse(text) : null;
}

/** Every request is logged, including those a test's own handler answers. The body is filled in as soon as read. */
function remember(request: Request): void {
  const url = new URL(request.url);
  const seen: SeenRequest = {
    method: request.method,
    path: url.pathname,
    params: url.searchParams,
    headers: request.headers,
    body: null,
  };
  db.state.requests.push(seen);
  void jsonBody(request).then((body) => {
    seen.body = body;
  });
}

function preferences(request: Request): Set<string> {
  return new Set((request.headers.get('prefer') ?? '').split(',').map((p) => p.trim()));
}

function tableNotFound(table: string) {
  return postgrestError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);
}

/** Rows (already projected) as PostgREST sends them: array, or one object for `.single()` (406 otherwise). */
function rowsResponse(request: Request, rows: Row[], init: { status: number; headers?: Record<string, string> }) {
  if ((request.headers.get('accept') ?? '').includes('vnd.pgrst.object+json')) {
    if (rows.length !== 1) {
      return HttpResponse.json(
        {
          code: 'PGRST116',
          message: 'Cannot coerce the result to a single JSON object',
          details: `The result contains ${rows.length} rows`,
          hint: null,
        },
        { status: 406 },
      );
    }
    return HttpResponse.json(rows[0] as JsonBodyType, init);
  }
  return HttpResponse.json(rows as JsonBodyType, init);
}

const readRows: Parameters<typeof http.get>[1] = ({ request, params }) => {
  const table = String(params.table);
  const stored = db.state.tables.get(table);
  if (!stored) return tableNotFound(table);
  const url = new URL(request.url);
  const filtered = applyOrder(applyFilters(stored, url.searchParams), url.searchParams.get('order'));
  const { rows, start } = applyRange(filtered, url.searchParams, request.headers.get('range'));
  const counted = [...preferences(request)].some((p) => p.startsWith('count='));
  const total = counted ? String(filtered.length) : '*';
  const contentRange = rows.length ? `${start}-${start + rows.length - 1}/${total}` : `*/${total}`;
  const headers = { 'Content-Range': contentRange };
  if (request.method === 'HEAD') return new HttpResponse(null, { status: 200, headers });
  const select = url.searchParams.get('select');
  return rowsResponse(
    request,
    rows.map((row) => project(row, select)),
    { status: 200, headers },
  );
};
const read = http.get(`${SUPABASE_URL}/rest/v1/:table`, readRows);
const readHead = http.head(`${SUPABASE_URL}/rest/v1/:table`, readRows);

function withDefaults(row: Row): Row {
  return { id: crypto.randomUUID(), created_at: new Date().toISOString(), ...row };
}

const insert = http.post(`${SUPABASE_URL}/rest/v1/:table`, async ({ request, params }) => {
  const body = await jsonBody(request);
  const table = String(params.table);
  const stored = db.state.tables.get(table);
  if (!stored) return tableNotFound(table);
  const url = new URL(request.url);
  const prefer = preferences(request);
  const incoming = (Array.isArray(body) ? body : [body]) as Row[];
  const conflictColumns = (url.searchParams.get('on_conflict') ?? 'id').split(',');
  const upsert = prefer.has('resolution=merge-duplicates') || prefer.has('resolution=ignore-duplicates');
  const written: Row[] = [];
  for (const row of incoming) {
    const existing = upsert ? stored.find((r) => conflictColumns.every((c) => c in row && r[c] === row[c])) : undefined;
    if (existing) {
      if (prefer.has('resolution=merge-duplicates')) Object.assign(existing, row);
      written.push(existing);
    } else {
      const created = withDefaults(row);
      stored.push(created);
      written.push(created);
    }
  }
  if (!prefer.has('return=representation')) return new HttpResponse(null, { status: 201 });
  return rowsResponse(
    request,
    written.map((row) => project(row, url.searchParams.get('select'))),
    { status: 201 },
  );
});

const update = http.patch(`${SUPABASE_URL}/rest/v1/:table`, async ({ request, params }) => {
  const body = (await jsonBody(request)) as Row;
  const table = String(params.table);
  const stored = db.state.tables.get(table);
  if (!stored) return tableNotFound(table);
  const url = new URL(request.url);
  const changed = applyFilters(stored, url.searchParams);
  for (const row of changed) Object.assign(row, body);
  if (!preferences(request).has('return=representation')) return new HttpResponse(null, { status: 204 });
  return rowsResponse(
    request,
    changed.map((row) => project(row, url.searchParams.get('select'))),
    { status: 200 },
  );
});

const remove = http.delete(`${SUPABASE_URL}/rest/v1/:table`, ({ request, params }) => {
  const table = String(params.table);
  const stored = db.state.tables.get(table);
  if (!stored) return tableNotFound(table);
  const url = new URL(request.url);
  const gone = new Set(applyFilters(stored, url.searchParams));
  db.state.tables.set(
    table,
    stored.filter((row) => !gone.has(row)),
  );
  if (!preferences(request).has('return=representation')) return new HttpResponse(null, { status: 204 });
  return rowsResponse(
    request,
    [...gone].map((row) => project(row, url.searchParams.get('select'))),
    { status: 200 },
  );
});

// PostgREST's answer for a function nobody declared: a test that calls an RPC says what it returns.
const unknownRpc = http.all(`${SUPABASE_URL}/rest/v1/rpc/:fn`, ({ params }) => {
  return postgrestError(404, 'PGRST202', `Could not find the function public.${String(params.fn)} in the schema cache`);
});

// --- Auth (GoTrue): password sign-in, refresh, the signed-in user, sign-out.

function base64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

function publicUser(user: TestUser) {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    app_metadata: { provider: 'email', ...user.app_metadata },
    user_metadata: user.user_metadata ?? {},
    factors: (user.factors ?? []).map((f) => ({
      id: f.id,
      friendly_name: f.friendly_name ?? '',
      factor_type: f.factor_type ?? 'totp',
      status: f.status,
      created_at: '2025-01-01T00:00:00Z',
      updated_at: '2025-01-01T00:00:00Z',
    })),
    created_at: '2025-01-01T00:00:00Z',
  };
}

/** A session for `user` with an unsigned JWT (only this server reads it back); aal2 after a second factor. */
function issueSession(user: TestUser, aal: 'aal1' | 'aal2' = 'aal1') {
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  const now = Math.floor(Date.now() / 1000);
  const amr = [{ method: 'password', timestamp: now }, ...(aal === 'aal2' ? [{ method: 'totp', timestamp: now }] : [])];
  const claims = {
    sub: user.id,
    email: user.email,
    role: 'authenticated',
    aud: 'authenticated',
    exp: expiresAt,
    aal,
    amr,
    session_id: crypto.randomUUID(),
  };
  const accessToken = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.test-signature`;
  db.state.tokens.set(accessToken, user.id);
  db.state.tokens.set(`refresh-${accessToken}`, user.id);
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: expiresAt,
    refresh_token: `refresh-${accessToken}`,
    user: publicUser(user),
  };
}

function authError(status: number, code: string, message: string) {
  return HttpResponse.json({ code: status, error_code: code, msg: message }, { status });
}

const token = http.post(`${SUPABASE_URL}/auth/v1/token`, async ({ request }) => {
  const body = (await jsonBody(request)) as { email?: string; password?: string; refresh_token?: string };
  const grant = new URL(request.url).searchParams.get('grant_type');
  let user: TestUser | undefined;
  if (grant === 'password') user = db.state.users.find((u) => u.email === body.email && u.password === body.password);
  else if (grant === 'refresh_token')
    user = db.state.users.find((u) => u.id === db.state.tokens.get(body.refresh_token ?? ''));
  if (!user) return authError(400, 'invalid_credentials', 'Invalid login credentials');
  return HttpResponse.json(issueSession(user));
});

/** The user whose access token the request carries. */
function bearerUser(request: Request): TestUser | undefined {
  const bearer = (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');
  return db.state.users.find((u) => u.id === db.state.tokens.get(bearer));
}

const badJwt = () => authError(401, 'bad_jwt', 'invalid JWT: unable to parse or verify signature');

const currentUser = http.get(`${SUPABASE_URL}/auth/v1/user`, ({ request }) => {
  const user = bearerUser(request);
  return user ? HttpResponse.json(publicUser(user)) : badJwt();
});

/** updateUser(): a new password, e-mail or metadata for the signed-in user. */
const changeUser = http.put(`${SUPABASE_URL}/auth/v1/user`, async ({ request }) => {
  const user = bearerUser(request);
  if (!user) return badJwt();
  const body = (await jsonBody(request)) as { password?: string; email?: string; data?: Record<string, unknown> };
  if (body.password !== undefined) user.password = body.password;
  if (body.email !== undefined) user.email = body.email;
  if (body.data) user.user_metadata = { ...user.user_metadata, ...body.data };
  return HttpResponse.json(publicUser(user));
});

/** signInWithOtp(): the link (and code) e-mail is "sent" to an existing user; others get GoTrue's refusal. */
const otp = http.post(`${SUPABASE_URL}/auth/v1/otp`, async ({ request }) => {
  const body = (await jsonBody(request)) as { email?: string; create_user?: boolean };
  const known = db.state.users.some((u) => u.email === body.email);
  if (!known && body.create_user === false) return authError(422, 'otp_disabled', 'Signups not allowed for otp');
  return HttpResponse.json({});
});

// --- MFA (TOTP): enroll, challenge, verify (a new aal2 session), unenroll.

const enrollFactor = http.post(`${SUPABASE_URL}/auth/v1/factors`, async ({ request }) => {
  const user = bearerUser(request);
  if (!user) return badJwt();
  const body = (await jsonBody(request)) as { friendly_name?: string };
  const factor: TestFactor = {
    id: crypto.randomUUID(),
    friendly_name: body.friendly_name,
    factor_type: 'totp',
    status: 'unverified',
  };
  (user.factors ??= []).push(factor);
  const secret = 'JBSWY3DPEHPK3PXP';
  return HttpResponse.json({
    id: factor.id,
    type: 'totp',
    friendly_name: factor.friendly_name,
    totp: {
      qr_code: `<svg data-secret="${secret}"/>`,
      secret,
      uri: `otpauth://totp/test:${user.email}?secret=${secret}`,
    },
  });
});

/** The factor `id` of the request's user, or the GoTrue error to answer. */
function userFactor(request: Request, id: string): { user: TestUser; factor: TestFactor } | Response {
  const user = bearerUser(request);
  if (!user) return badJwt();
  const factor = user.factors?.find((f) => f.id === id);
  return factor ? { user, factor } : authError(404, 'mfa_factor_not_found', 'Factor not found');
}

const challengeFactor = http.post(`${SUPABASE_URL}/auth/v1/factors/:id/challenge`, ({ request, params }) => {
  const found = userFactor(request, String(params.id));
  if (found instanceof Response) return found;
  return HttpResponse.json({ id: crypto.randomUUID(), type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 });
});

const verifyFactor = http.post(`${SUPABASE_URL}/auth/v1/factors/:id/verify`, async ({ request, params }) => {
  const found = userFactor(request, String(params.id));
  if (found instanceof Response) return found;
  const { code } = (await jsonBody(request)) as { code?: string };
  if (code !== TOTP_CODE) return authError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
  found.factor.status = 'verified';
  return HttpResponse.json(issueSession(found.user, 'aal2'));
});

const unenrollFactor = http.delete(`${SUPABASE_URL}/auth/v1/factors/:id`, ({ request, params }) => {
  const found = userFactor(request, String(params.id));
  if (found instanceof Response) return found;
  found.user.factors = found.user.factors!.filter((f) => f !== found.factor);
  return HttpResponse.json({ id: found.factor.id });
});

const logout = http.post(`${SUPABASE_URL}/auth/v1/logout`, ({ request }) => {
  const bearer = (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');
  db.state.tokens.delete(bearer);
  return new HttpResponse(null, { status: 204 });
});

// --- Storage: objects under /storage/v1/object/<bucket>/<path>, signed URLs, removal.

const STORAGE = `${SUPABASE_URL}/storage/v1/object/`;

/** `<bucket>/<path...>` of a storage URL after `prefix`. */
function objectKey(request: Request, prefix: string): { bucket: string; path: string; key: string } {
  const rest = decodeURIComponent(new URL(request.url).pathname.slice(new URL(STORAGE + prefix).pathname.length));
  const [bucket, ...parts] = rest.split('/');
  return { bucket: bucket!, path: parts.join('/'), key: rest };
}

const signUrl = http.post(`${STORAGE}sign/*`, ({ request }) => {
  const { key } = objectKey(request, 'sign/');
  if (!db.state.objects.has(key)) return storageError(404, 'Object not found', 'not_found');
  return HttpResponse.json({ signedURL: `/object/sign/${key}?token=test-signed-token` });
});

/** The uploaded bytes: the file part of a multipart body (what storage-js sends for a File), or the raw body. */
async function uploadedBytes(request: Request): Promise<{ bytes: Uint8Array; contentType: string }> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await request.formData();
    const file = [...form.values()].find((v): v is File => typeof v !== 'string');
    return {
      bytes: new Uint8Array(file ? await file.arrayBuffer() : []),
      contentType: file?.type || 'application/octet-stream',
    };
  }
  return { bytes: new Uint8Array(await request.arrayBuffer()), contentType: type || 'application/octet-stream' };
}

const upload = http.post(`${STORAGE}*`, async ({ request }) => {
  const { bucket, path, key } = objectKey(request, '');
  if (db.state.objects.has(key) && request.headers.get('x-upsert') !== 'true') {
    return storageError(409, 'The resource already exists', 'Duplicate');
  }
  db.state.objects.set(key, { bucket, path, ...(await uploadedBytes(request)) });
  return HttpResponse.json({ Id: crypto.randomUUID(), Key: key });
});

const download = http.get(`${STORAGE}*`, ({ request }) => {
  const prefix = new URL(request.url).pathname.includes('/object/authenticated/') ? 'authenticated/' : '';
  const stored = db.state.objects.get(objectKey(request, prefix).key);
  if (!stored) return storageError(404, 'Object not found', 'not_found');
  return new HttpResponse(stored.bytes, { headers: { 'Content-Type': stored.contentType } });
});

const removeObjects = http.delete(`${STORAGE}:bucket`, async ({ request, params }) => {
  const body = (await jsonBody(request)) as { prefixes?: string[] } | null;
  const bucket = String(params.bucket);
  const removed = (body?.prefixes ?? [])
    .map((path) => db.state.objects.get(`${bucket}/${path}`))
    .filter((o): o is StoredObject => Boolean(o));
  for (const o of removed) db.state.objects.delete(`${o.bucket}/${o.path}`);
  return HttpResponse.json(removed.map((o) => ({ name: o.path, bucket_id: o.bucket })));
});

// rpc and sign handlers come before the catch-alls they would otherwise fall into.
export const handlers = [
  unknownRpc,
  read,
  readHead,
  insert,
  update,
  remove,
  token,
  currentUser,
  changeUser,
  otp,
  logout,
  enrollFactor,
  challengeFactor,
  verifyFactor,
  unenrollFactor,
  signUrl,
  removeObjects,
  upload,
  download,
  realtimeHandler,
];

export const server = setupServer(...handlers);
server.events.on('request:start', ({ request }) => remember(request));
