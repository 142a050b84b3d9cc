-- Engine migration 0002 (pg_net's API, sent by supastack.net), applied once and recorded in supastack.schema_migrations (supastack.db.migrate).
-- Until this version the project's migration 20251125001500_cron.sql created these objects: on such a database
-- every statement here finds them and leaves them as they are (if not exists, the same definitions).

-- ---------------------------------------------------------------------------
-- net: pg_net's API (requests are sent by the stack after the transaction commits)
-- ---------------------------------------------------------------------------
create schema if not exists net;
comment on schema net is 'pg_net''s API (http_get, http_post, http_delete; http_request_queue, _http_response), sent by the stack.';

do $$ begin
  create domain net.http_method as text check (value ilike 'get' or value ilike 'post' or value ilike 'delete');
exception when duplicate_object then null; end $$;

-- pg_net keeps these unlogged; here they are logged, so a request queued by a committed transaction
-- survives a crash of the database.
create table if not exists net.http_request_queue (
  id                   bigserial primary key,
  method               net.http_method not null,
  url                  text not null,
  headers              jsonb not null,
  body                 bytea,
  timeout_milliseconds integer not null
);

create table if not exists net._http_response (
  id           bigint,
  status_code  integer,
  content_type text,
  headers      jsonb,
  content      text,
  timed_out    boolean,
  error_msg    text,
  created      timestamptz not null default now()
);
create index if not exists _http_response_id_idx on net._http_response (id);
create index if not exists _http_response_created_idx on net._http_response (created);

create or replace function net.request_queued() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_notify('supastack_net', '');
  return null;
end
$$;
create or replace trigger request_queued after insert on net.http_request_queue
  for each statement execute function net.request_queued();

create or replace function net._urlencode(string text) returns text
language sql immutable strict
set search_path = ''
as $$
  select coalesce(string_agg(
           case when b between 48 and 57 or b between 65 and 90 or b between 97 and 122 or b in (45, 46, 95, 126)
                then chr(b) else '%' || upper(lpad(to_hex(b), 2, '0')) end, '' order by i), '')
  from (select i, get_byte(convert_to(string, 'UTF8'), i) as b
          from generate_series(0, octet_length(convert_to(string, 'UTF8')) - 1) as i) bytes
$$;

create or replace function net._url_with_params(url text, params jsonb) returns text
language sql immutable
set search_path = ''
as $$
  select case when params is null or params = '{}'::jsonb then url
              else url || case when strpos(url, '?') > 0 then '&' else '?' end ||
                   (select string_agg(net._urlencode(key) || '=' || net._urlencode(value), '&' order by key)
                      from jsonb_each_text(params))
         end
$$;

create or replace function net.http_get(url text, params jsonb default '{}'::jsonb, headers jsonb default '{}'::jsonb,
                                        timeout_milliseconds integer default 5000) returns bigint
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  id bigint;
begin
  insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
  values ('GET', net._url_with_params(url, params), coalesce(headers, '{}'::jsonb), timeout_milliseconds)
  returning http_request_queue.id into id;
  return id;
end
$$;

create or replace function net.http_post(url text, body jsonb default '{}'::jsonb, params jsonb default '{}'::jsonb,
                                         headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
                                         timeout_milliseconds integer default 5000) returns bigint
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  id bigint;
  sent_headers jsonb := coalesce(headers, '{}'::jsonb);
begin
  if not exists (select 1 from jsonb_object_keys(sent_headers) k where lower(k) = 'content-type') then
    sent_headers := sent_headers || '{"Content-Type": "application/json"}'::jsonb;
  end if;
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('POST', net._url_with_params(url, params), sent_headers,
          case when body is null then null else convert_to(body::text, 'UTF8') end, timeout_milliseconds)
  returning http_request_queue.id into id;
  return id;
end
$$;

create or replace function net.http_delete(url text, params jsonb default '{}'::jsonb, headers jsonb default '{}'::jsonb,
                                           timeout_milliseconds integer default 5000) returns bigint
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  id bigint;
begin
  insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
  values ('DELETE', net._url_with_params(url, params), coalesce(headers, '{}'::jsonb), timeout_milliseconds)
  returning http_request_queue.id into id;
  return id;
end
$$;

-- privileges: postgres and service_role only (pg_net keeps its schema private)
revoke all on schema net from public, anon, authenticated;
revoke all on all tables in schema net from public, anon, authenticated;
revoke all on all sequences in schema net from public, anon, authenticated;
revoke all on all functions in schema net from public, anon, authenticated;
grant usage on schema net to service_role;
grant select on net._http_response to service_role;
grant execute on function net.http_get(text, jsonb, jsonb, integer), net.http_post(text, jsonb, jsonb, jsonb, integer),
  net.http_delete(text, jsonb, jsonb, integer) to service_role;
