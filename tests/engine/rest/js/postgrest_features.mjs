// supabase-js (postgrest-js) on the PostgREST features beyond the basics, against the REST fixture stack:
// RPC counts, overloads, schemas, computed fields and relationships, stripped nulls, missing defaults,
// literals in logic trees, self-references and empty embeds. Prints {name: {ok, got, expected}} as JSON.
// Run by tests/engine/rest/test_js_features.py with SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY.
import { anon, check, ids, results, service } from './checks.mjs'

await check('rpc count exact with range', async () => {
  const r = await anon.rpc('posts_by_status', { s: 'published' }, { count: 'exact' }).select('id').range(0, 0)
  return [r.count, r.status, r.data]
}, [3, 206, [{ id: 1 }]])

await check('rpc head count', async () => {
  const r = await anon.rpc('posts_by_status', { s: 'draft' }, { head: true, count: 'exact' })
  return [r.count, r.data, r.status]
}, [2, null, 200])

await check('rpc get count', async () => {
  const r = await anon.rpc('series', { n: 4 }, { get: true, count: 'exact' })
  return [r.count, r.data]
}, [4, [1, 2, 3, 4]])

await check('overloads by argument names', async () => {
  const a = await anon.rpc('pick', { a: 1, b: 2 })
  const b = await anon.rpc('pick', { x: 'js' }, { get: true })
  const c = await anon.rpc('pick')
  return [a.data, b.data, c.data]
}, ['a+b=3', 'x=js,y=dflt', 'none'])

await check('ambiguous overload', async () => {
  const r = await anon.rpc('twice', { a: 1 })
  return [r.status, r.error.code]
}, [300, 'PGRST203'])

await check('schema()', async () => {
  const a = await anon.schema('api').from('items').select('name').order('id')
  const b = await anon.schema('api').rpc('item_names')
  const c = await anon.schema('private').from('items').select('*')
  return [a.data, b.data, c.status, c.error.code, c.error.message]
}, [[{ name: 'pen' }, { name: 'ink' }], ['pen', 'ink'], 406, 'PGRST106', 'Invalid schema: private'])

await check('computed field and relationships', async () => {
  const r = await anon.from('authors').select('full_label, top_post(title), drafts(id)')
    .eq('full_label', 'Bia #2')
  return r.data
}, [{ full_label: 'Bia #2', top_post: { title: 'Court dates' }, drafts: [{ id: 3 }] }])

await check('stripNulls', async () => {
  const a = await anon.from('posts').select('id, reviewer_id').eq('id', 2).stripNulls()
  const b = await anon.from('posts').select('id, reviewer_id').eq('id', 5).single().stripNulls()
  return [a.data, b.data]
}, [[{ id: 2 }], { id: 5 }])

await check('insert defaultToNull false', async () => {
  const r = await service.from('members')
    .insert([{ email: 'js1@x.test' }, { email: 'js2@x.test', score: 1 }], { defaultToNull: false })
    .select('email, role, score, nick')
  await service.from('members').delete().like('email', 'js%')
  return r.data
}, [{ email: 'js1@x.test', role: 'member', score: 10, nick: 'anonymous' },
  { email: 'js2@x.test', role: 'member', score: 1, nick: 'anonymous' }])

await check('or with array and range literals', async () => {
  const a = await anon.from('documents').select('id').or('labels.cs.{red,green},id.eq.2')
  const b = await anon.from('documents').select('id').or('span.ov.[1,6),id.eq.3')
  return [ids(a), ids(b)]
}, [[1, 2], [1, 3, 4]])

await check('self reference and empty embed', async () => {
  const a = await anon.from('staff').select('name, manager:manager_id(name), reports:staff!manager_id(name)')
    .eq('id', 2)
  const b = await anon.from('posts').select('id, comments!inner()').gte('comments.likes', 2).order('id')
  return [a.data, b.data]
}, [[{ name: 'Bruno', manager: { name: 'Ana' }, reports: [{ name: 'Dani' }] }], [{ id: 1 }, { id: 4 }]])

console.log(JSON.stringify(results))
