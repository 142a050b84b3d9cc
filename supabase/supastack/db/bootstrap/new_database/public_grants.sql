-- Applied once, when the database is new (before the first migration), as a Supabase project starts:
-- the API roles may use what `public` holds and what the owner creates there later; row-level security and
-- the migrations' revokes narrow it. Never re-run on an existing database: it would undo those revokes.
grant all on all tables in schema public to anon, authenticated, service_role;
grant all on all routines in schema public to anon, authenticated, service_role;
grant all on all sequences in schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on routines to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
