// supabase-js (postgrest-js) on aggregates, spread embeds and explain() against the REST fixture stack
// (aggregates and plan output enabled there). Prints {name: {ok, got, expected}} as JSON.
// Run by tests/engine/rest/test_plan.py with SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY.
import { anon, check, results, service } from './checks.mjs'

await check('to-one spread', async () => {
  const r = await anon.from('posts').select('id, ...authors!author_id(author:name)').eq('id', 1)
  return r.data
}, [{ id: 1, author: 'Ana' }])

await check('aggregates grouped, hoisted from a spread', async () => {
  const r = await anon.from('posts').select('status, ...authors!author_id(count())').order('status')
  return r.data
}, [{ status: 'draft', count: 2 }, { status: 'published', count: 3 }])

await check('aggregate with alias and cast', async () => {
  const r = await anon.from('comments').select('total:likes.sum()::text, likes.avg()')
  return r.data
}, [{ total: '6', avg: 1.5 }])

await check('explain text', async () => {
  const r = await anon.from('posts').select('id').eq('id', 1).explain()
  return [r.status, typeof r.data, /^Aggregate/.test(r.data), r.error]
}, [200, 'string', true, null])

await check('explain json analyze', async () => {
  const r = await anon.from('notes').select('body').explain({ format: 'json', analyze: true })
  const scan = JSON.stringify(r.data)
  return [r.status, Array.isArray(r.data), 'Actual Rows' in r.data[0].Plan, scan.includes('"Relation Name":"notes"')]
}, [200, true, true, true])

await check('explain of a single object and of a write', async () => {
  const a = await anon.from('tags').select('name').eq('id', 1).single().explain({ format: 'json' })
  const tag = `js-plan-${Date.now()}`
  const b = await service.from('tags').insert({ name: tag }).select().explain({ analyze: true })
  const c = await service.from('tags').select('id').eq('name', tag)
  return [a.status, a.data[0].Plan['Node Type'], b.status, /Insert on/.test(b.data), c.data]
}, [200, 'Aggregate', 200, true, []])

console.log(JSON.stringify(results))
