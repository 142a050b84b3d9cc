// supabase-js (postgrest-js) against the REST fixture stack. Prints {name: {ok, got, expected}} as JSON.
// Run by tests/engine/rest/test_clients.py with SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, USER_TOKEN.
import { createClient } from '@supabase/supabase-js'

import { anon, check, ids, opts, results, service, url } from './checks.mjs'

const user = createClient(url, process.env.SUPABASE_ANON_KEY, {
  ...opts, global: { headers: { Authorization: `Bearer ${process.env.USER_TOKEN}` } },
})

const tag = `js-${Date.now()}-${Math.random().toString(16).slice(2, 8)}`

await check('select+embed', async () => {
  const r = await anon.from('posts').select('id, author:authors!author_id(name), comments(count)').eq('id', 1)
  return r.data
}, [{ id: 1, author: { name: 'Ana' }, comments: [{ count: 2 }] }])

await check('many-to-many', async () => {
  const r = await anon.from('tags').select('name, posts(id)').eq('name', 'travel').order('id', { referencedTable: 'posts' })
  return r.data
}, [{ name: 'travel', posts: [{ id: 3 }, { id: 4 }] }])

await check('inner join with embedded filter', async () => {
  const r = await anon.from('posts').select('id, comments!inner(likes)').gt('comments.likes', 1).order('id')
  return ids(r)
}, [1, 4])

await check('count exact + range', async () => {
  const r = await anon.from('documents').select('id', { count: 'exact' }).order('id').range(1, 2)
  return [r.count, r.status, ids(r)]
}, [4, 206, [2, 3]])

await check('head count', async () => {
  const r = await anon.from('documents').select('*', { count: 'exact', head: true })
  return [r.count, r.data]
}, [4, null])

await check('in / not in', async () => {
  const a = await anon.from('documents').select('id').in('title', ['alpha', 'Delta, "quoted"'])
  const b = await anon.from('documents').select('id').not('id', 'in', '(1,2)')
  return [ids(a), ids(b)]
}, [[1, 4], [3, 4]])

await check('array, jsonb and range operators', async () => {
  const a = await anon.from('documents').select('id').contains('labels', ['red'])
  const b = await anon.from('documents').select('id').contains('data', { a: { b: 'x' } })
  const c = await anon.from('documents').select('id').overlaps('span', '[8,9]')
  const d = await anon.from('documents').select('id').rangeAdjacent('span', '[10,20)')
  return [ids(a), ids(b), ids(c), ids(d)]
}, [[1, 4], [1, 3], [1, 4], [1, 2]])

await check('text search', async () => {
  const a = await anon.from('documents').select('id').textSearch('search', `'fat' & 'cat'`, { config: 'english' })
  const b = await anon.from('documents').select('id').textSearch('search', 'fat -rats', { type: 'websearch' })
  return [ids(a), ids(b)]
}, [[1, 4], [1]])

await check('or with nested and', async () => {
  const r = await anon.from('documents').select('id').or('id.eq.1,and(score.gt.2,title.not.eq.beta)')
  return ids(r)
}, [1, 4])

await check('json path select and filter', async () => {
  const r = await anon.from('documents').select('id, b:data->a->>b').eq('data->>n', '2')
  return r.data
}, [{ id: 2, b: 'y' }])

await check('single and maybeSingle', async () => {
  const a = await anon.from('tags').select('name').eq('id', 2).single()
  const b = await anon.from('tags').select('name').single()
  const c = await anon.from('tags').select('name').eq('id', -1).maybeSingle()
  return [a.data, b.error?.code, b.status, c.data, c.error]
}, [{ name: 'travel' }, 'PGRST116', 406, null, null])

await check('csv', async () => {
  const r = await anon.from('tags').select('id,name').lte('id', 2).order('id').csv()
  return r.data
}, 'id,name\n1,law\n2,travel')   // PostgREST: no newline after the last row

await check('insert minimal is empty', async () => {
  const r = await service.from('tags').insert({ name: tag })
  return [r.status, r.data, r.error]
}, [201, null, null])

await check('insert select, bulk with defaultToNull false', async () => {
  const r = await service.from('documents')
    .insert([{ title: `${tag}-1`, labels: ['x'] }, { title: `${tag}-2` }], { defaultToNull: false })
    .select('title, labels').rollback()
  return r.data
}, [{ title: `${tag}-1`, labels: ['x'] }, { title: `${tag}-2`, labels: [] }])

await check('upsert + update + delete', async () => {
  const u = await service.from('tags').upsert({ name: tag, color: 'pink' }, { onConflict: 'name' }).select('name,color')
  const p = await service.from('tags').update({ color: 'navy' }).eq('name', tag).select('color')
  const d = await service.from('tags').delete({ count: 'exact' }).eq('name', tag)
  return [u.data, p.data, d.count, d.status]
}, [[{ name: tag, color: 'pink' }], [{ color: 'navy' }], 1, 204])

await check('ignoreDuplicates', async () => {
  const r = await service.from('tags').upsert([{ name: 'law' }], { onConflict: 'name', ignoreDuplicates: true }).select()
  return r.data
}, [])

await check('rpc scalar, set with filters, get', async () => {
  const a = await anon.rpc('add_numbers', { a: 20, b: 22 })
  const b = await anon.rpc('posts_by_status', { s: 'published' }).select('id').gte('rating', 4).order('id')
  const c = await anon.rpc('hello', { name: 'js' }, { get: true })
  const d = await anon.rpc('series', { n: 2 })
  return [a.data, b.data, c.data, d.data]
}, [42, [{ id: 1 }, { id: 2 }], 'hello js', [1, 2]])

await check('errors carry code/details/hint', async () => {
  const a = await service.from('tags').insert({ name: 'law' })
  const b = await anon.from('nope').select()
  const c = await anon.rpc('fail_with', { message: 'boom' })
  return [a.error.code, a.status, b.error.code, b.status, c.error.message, c.error.hint, c.status]
}, ['23505', 409, 'PGRST205', 404, 'boom', 'raised on purpose', 400])

await check('rls per user', async () => {
  const a = await anon.from('notes').select('body').like('body', 'ana*').order('body')
  const u = await user.from('notes').select('body').like('body', 'ana*').order('body')
  return [a.data, u.data]
}, [[{ body: 'ana public' }], [{ body: 'ana private' }, { body: 'ana public' }]])

await check('rls denied write', async () => {
  const r = await anon.from('notes').insert({ body: 'nope' })
  return [r.status, r.error.code]
}, [401, '42501'])

await check('maxAffected and rollback', async () => {
  const a = await service.from('comments').update({ likes: 0 }).gte('likes', 0).maxAffected(1)
  const b = await service.from('tags').insert({ name: `${tag}-rb` }).select('name').rollback()
  const c = await service.from('tags').select('name').eq('name', `${tag}-rb`)
  return [a.error?.code, b.data, c.data]
}, ['PGRST124', [{ name: `${tag}-rb` }], []])

process.stdout.write(JSON.stringify(results))
