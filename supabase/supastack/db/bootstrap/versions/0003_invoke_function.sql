-- Engine migration 0003 (supastack.invoke_function: a job calls the project's functions), applied once and recorded in supastack.schema_migrations (supastack.db.migrate).
-- Until this version the project's migration 20251125001500_cron.sql created these objects: on such a database
-- every statement here finds them and leaves them as they are (if not exists, the same definitions).

-- ---------------------------------------------------------------------------
-- calling the project's own functions from a job, signed by the stack (the key never sits in job text)
-- ---------------------------------------------------------------------------
create schema if not exists supastack;

create or replace function supastack.invoke_function(name text, body jsonb default '{}'::jsonb,
                                                     timeout_milliseconds integer default 120000) returns bigint
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  id bigint;
begin
  if name is null or name !~ '^[A-Za-z0-9][A-Za-z0-9_-]*$' then
    raise exception 'invalid function name: %', name using errcode = '22023';
  end if;
  -- a relative URL: the stack sends it to its own /functions/v1 with the service role key
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('POST', '/functions/v1/' || name, '{"Content-Type": "application/json"}'::jsonb,
          convert_to(coalesce(body, '{}'::jsonb)::text, 'UTF8'), timeout_milliseconds)
  returning http_request_queue.id into id;
  return id;
end
$$;
comment on function supastack.invoke_function(text, jsonb, integer) is
  'Queues a POST of body to the project''s function `name`, sent by the stack as service_role; returns the net request id.';

-- privileges: postgres and service_role only
revoke all on schema supastack from public, anon, authenticated;
revoke all on function supastack.invoke_function(text, jsonb, integer) from public, anon, authenticated;
grant usage on schema supastack to service_role;
grant execute on function supastack.invoke_function(text, jsonb, integer) to service_role;
