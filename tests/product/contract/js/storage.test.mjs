// supabase-js storage against a live stack: a bucket of its own (service role), the whole object life cycle.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';

const url = process.env.SUPABASE_URL;
const serviceKey = process.env.SUPABASE_SERVICE_ROLE_KEY;
const bucket = `js-contract-${randomUUID().slice(0, 8)}`;
// Run against a live stack (make test sets these): an unset key fails the file, it never skips.
for (const name of ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY']) {
  if (!process.env[name]) throw new Error(`${name} is not set: these tests need a live stack`);
}

let supabase;

before(async () => {
  supabase = createClient(url, serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws },
  });
  const { data, error } = await supabase.storage.createBucket(bucket, {
    public: false, fileSizeLimit: '1MB', allowedMimeTypes: ['text/plain', 'image/*', 'application/pdf'],
  });
  assert.equal(error, null);
  assert.deepEqual(data, { name: bucket });
});

after(async () => {
  if (!supabase) return;
  await supabase.storage.emptyBucket(bucket);
  const { error } = await supabase.storage.deleteBucket(bucket);
  assert.equal(error, null);
});

test('bucket is listed and read back', async () => {
  const { data, error } = await supabase.storage.getBucket(bucket);
  assert.equal(error, null);
  assert.equal(data.public, false);
  assert.equal(data.file_size_limit, 1_000_000);
  const list = await supabase.storage.listBuckets();
  assert.ok(list.data.some((b) => b.id === bucket));
});

test('upload a Blob and a Buffer, download the same bytes', async () => {
  const files = supabase.storage.from(bucket);
  const bytes = new Uint8Array(2048).map((_, i) => i % 251);
  const blob = new Blob([bytes], { type: 'image/png' });
  const up = await files.upload('pasta/imagem.png', blob);
  assert.equal(up.error, null);
  assert.equal(up.data.fullPath, `${bucket}/pasta/imagem.png`);
  const down = await files.download('pasta/imagem.png');
  assert.equal(down.error, null);
  assert.equal(down.data.type, 'image/png');
  assert.deepEqual(new Uint8Array(await down.data.arrayBuffer()), bytes);

  const buffer = Buffer.from('olá, documento', 'utf8');
  const raw = await files.upload('pasta/nota.txt', buffer, { contentType: 'text/plain' });
  assert.equal(raw.error, null);
  const text = await files.download('pasta/nota.txt');
  assert.equal(await text.data.text(), 'olá, documento');

  const info = await files.info('pasta/nota.txt');
  assert.equal(info.error, null);
  assert.equal(info.data.size, buffer.length);
  assert.equal(info.data.contentType, 'text/plain');
  assert.equal((await files.exists('pasta/nota.txt')).data, true);
  assert.equal((await files.exists('pasta/nada.txt')).data, false);
});

test('list shows folders and files one level deep', async () => {
  const files = supabase.storage.from(bucket);
  await files.upload('lista/sub/a.txt', Buffer.from('a'), { contentType: 'text/plain' });
  await files.upload('lista/b.txt', Buffer.from('b'), { contentType: 'text/plain' });
  const { data, error } = await files.list('lista');
  assert.equal(error, null);
  assert.deepEqual(data.map((e) => e.name), ['sub', 'b.txt']);
  assert.equal(data[0].id, null);
  assert.equal(data[1].metadata.size, 1);
});

test('signed URL downloads without a key; refused uploads say why', async () => {
  const files = supabase.storage.from(bucket);
  await files.upload('assinado.txt', Buffer.from('conteúdo assinado'), { contentType: 'text/plain' });
  const { data, error } = await files.createSignedUrl('assinado.txt', 60);
  assert.equal(error, null);
  const res = await fetch(data.signedUrl);
  assert.equal(res.status, 200);
  assert.equal(await res.text(), 'conteúdo assinado');

  const html = await files.upload('x.html', Buffer.from('<p>'), { contentType: 'text/html' });
  assert.equal(html.error.statusCode, '415');
  const big = await files.upload('big.txt', Buffer.alloc(1_000_001), { contentType: 'text/plain' });
  assert.equal(big.error.statusCode, '413');
  const again = await files.upload('assinado.txt', Buffer.from('x'), { contentType: 'text/plain' });
  assert.equal(again.error.statusCode, '409');
});

test('move, copy and remove', async () => {
  const files = supabase.storage.from(bucket);
  await files.upload('mover/origem.pdf', Buffer.from('%PDF-1.4'), { contentType: 'application/pdf' });
  assert.equal((await files.move('mover/origem.pdf', 'mover/destino.pdf')).error, null);
  const copy = await files.copy('mover/destino.pdf', 'mover/copia.pdf');
  assert.equal(copy.error, null);
  assert.equal(copy.data.path, `${bucket}/mover/copia.pdf`);
  const removed = await files.remove(['mover/destino.pdf', 'mover/copia.pdf']);
  assert.equal(removed.error, null);
  assert.deepEqual(removed.data.map((r) => r.name).sort(), ['mover/copia.pdf', 'mover/destino.pdf']);
  assert.deepEqual((await files.list('mover')).data, []);
});
