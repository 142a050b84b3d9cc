-- Scheduled jobs with pg_cron's API, and HTTP from SQL with pg_net's API, both run by the stack itself
-- (supastack/cron, supastack/net): the same names and columns as the extensions, so SQL written for a
-- Supabase project (cron.schedule(...) calling net.http_post(...)) runs unchanged here.
-- Only postgres and service_role manage jobs and send requests; administrators read jobs and runs
-- through the public.cron_* functions below (the app's path); nobody else sees any of it.

-- ---------------------------------------------------------------------------
-- cron: pg_cron's tables
-- ---------------------------------------------------------------------------
create schema if not exists cron;
comment on schema cron is 'pg_cron''s API (schedule, unschedule, alter_job; job, job_run_details), run by the stack.';

create sequence cron.jobid_seq;
create sequence cron.runid_seq;

create table cron.job (
  jobid    bigint primary key default nextval('cron.jobid_seq'),
  schedule text not null,
  command  text not null,
  nodename text not null default 'localhost',
  nodeport integer not null default coalesce(inet_server_port(), current_setting('port')::integer),
  database text not null default current_database(),
  username text not null default current_user,
  active   boolean not null default true,
  jobname  name,
  constraint jobname_username_uniq unique (jobname, username)
);
alter sequence cron.jobid_seq owned by cron.job.jobid;
comment on table cron.job is 'Scheduled jobs (pg_cron''s columns): standard cron syntax in the office''s time zone, or ''N seconds''.';

create table cron.job_run_details (
  jobid          bigint,
  runid          bigint primary key default nextval('cron.runid_seq'),
  job_pid        integer,
  database       text,
  username       text,
  command        text,
  status         text,
  return_message text,
  start_time     timestamptz,
  end_time       timestamptz
);
alter sequence cron.runid_seq owned by cron.job_run_details.runid;
comment on table cron.job_run_details is
  'One row per run (pg_cron''s columns): status starting (asked to run now), running, succeeded or failed.';
create index job_run_details_jobid_idx on cron.job_run_details (jobid, start_time desc);
create index job_run_details_pending_idx on cron.job_run_details (runid) where status in ('starting', 'running');

-- The stack's bookkeeping (not pg_cron's): the last scheduled time each job has been claimed for. A run is
-- claimed by moving last_slot forward while holding the row lock, in the transaction that runs the command,
-- so each scheduled time runs exactly once however many stack processes share the database.
create table cron.job_slot (
  jobid     bigint primary key references cron.job (jobid) on delete cascade,
  last_slot timestamptz not null
);
comment on table cron.job_slot is 'Scheduled time each job last ran for (the runner''s claim); new or rescheduled jobs start from now.';

-- ---------------------------------------------------------------------------
-- schedules: what pg_cron accepts (5 fields, names, @daily..., 'N seconds')
-- ---------------------------------------------------------------------------
create or replace function cron.valid_schedule(schedule text) returns boolean
language plpgsql immutable
set search_path = ''
as $$
declare
  fields text[];
  lows constant integer[] := array[0, 0, 1, 1, 0];
  highs constant integer[] := array[59, 23, 31, 12, 7];
  i integer;
  item text;
  m text[];
  n text;
begin
  if schedule is null then
    return false;
  end if;
  schedule := lower(btrim(schedule));
  if schedule ~ '^([1-9]|[1-5][0-9]) seconds?$' then
    return true;
  end if;
  if schedule in ('@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly') then
    return true;
  end if;
  fields := regexp_split_to_array(schedule, '\s+');
  if array_length(fields, 1) <> 5 then
    return false;
  end if;
  for i in 1..5 loop
    foreach item in array string_to_array(fields[i], ',') loop
      m := regexp_match(item, '^(\*|([0-9a-z]+)(-([0-9a-z]+))?)(/([0-9]+))?$');
      if m is null or (m[6] is not null and m[6]::integer = 0) then
        return false;
      end if;
      foreach n in array array_remove(array[m[2], m[4]], null) loop
        if n ~ '^[0-9]+$' then
          if n::integer < lows[i] or n::integer > highs[i] then
            return false;
          end if;
        elsif not ((i = 4 and n in ('jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'))
                   or (i = 5 and n in ('sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'))) then
          return false;
        end if;
      end loop;
    end loop;
  end loop;
  return true;
end
$$;
comment on function cron.valid_schedule(text) is 'True for a schedule pg_cron accepts: 5 cron fields, @daily and the like, or ''N seconds'' (1-59).';

-- New jobs, changed schedules and re-activated jobs count from now: no run for a time before they existed.
create or replace function cron.job_touch_slot() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new.schedule is distinct from old.schedule or (new.active and not old.active) then
    insert into cron.job_slot (jobid, last_slot) values (new.jobid, now())
    on conflict (jobid) do update set last_slot = greatest(cron.job_slot.last_slot, excluded.last_slot);
  end if;
  return null;
end
$$;
create trigger job_touch_slot after insert or update on cron.job
  for each row execute function cron.job_touch_slot();

-- As in pg_cron, a job runs as the role that scheduled it: only a superuser may name another user, and
-- every schedule is checked when it is written.
create or replace function cron.job_check() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not coalesce((select r.rolsuper from pg_catalog.pg_roles r where r.rolname = current_user), false) then
    new.username := current_user;
  end if;
  if not cron.valid_schedule(new.schedule) then
    raise exception 'invalid schedule: %', new.schedule using errcode = '22023',
      hint = 'Use cron syntax (e.g. "*/5 * * * *", "0 6 * * *"), @daily or "N seconds" (1-59).';
  end if;
  return new;
end
$$;
create trigger job_check before insert or update on cron.job
  for each row execute function cron.job_check();

-- Wakes the runners at once for a "run now" request (a 'starting' row without a process).
create or replace function cron.job_run_requested() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_notify('supastack_cron', new.runid::text);
  return null;
end
$$;
create trigger job_run_requested after insert on cron.job_run_details
  for each row when (new.status = 'starting') execute function cron.job_run_requested();

-- ---------------------------------------------------------------------------
-- cron: pg_cron's functions
-- ---------------------------------------------------------------------------
create or replace function cron.schedule(job_name text, schedule text, command text) returns bigint
language plpgsql
set search_path = ''
as $$
declare
  id bigint;
begin
  insert into cron.job (schedule, command, jobname) values (schedule, command, job_name)
  on conflict on constraint jobname_username_uniq
  do update set schedule = excluded.schedule, command = excluded.command
  returning jobid into id;
  return id;
end
$$;
comment on function cron.schedule(text, text, text) is 'Schedules (or, by name, reschedules) a job; returns its jobid.';

create or replace function cron.schedule(schedule text, command text) returns bigint
language plpgsql
set search_path = ''
as $$
declare
  id bigint;
begin
  insert into cron.job (schedule, command) values (schedule, command) returning jobid into id;
  return id;
end
$$;

create or replace function cron.unschedule(job_name text) returns boolean
language plpgsql
set search_path = ''
as $$
begin
  delete from cron.job j where j.jobname = job_name and j.username = current_user;
  if not found then
    raise exception 'could not find valid entry for job ''%''', job_name using errcode = '22023';
  end if;
  return true;
end
$$;

create or replace function cron.unschedule(job_id bigint) returns boolean
language plpgsql
set search_path = ''
as $$
begin
  delete from cron.job j where j.jobid = job_id
    and (j.username = current_user or coalesce((select r.rolsuper from pg_catalog.pg_roles r where r.rolname = current_user), false));
  if not found then
    raise exception 'could not find valid entry for job %', job_id using errcode = '22023';
  end if;
  return true;
end
$$;

create or replace function cron.alter_job(job_id bigint, schedule text default null, command text default null,
                                          database text default null, username text default null,
                                          active boolean default null) returns void
language plpgsql
set search_path = ''
as $$
begin
  update cron.job j set
    schedule = coalesce(alter_job.schedule, j.schedule),
    command  = coalesce(alter_job.command, j.command),
    database = coalesce(alter_job.database, j.database),
    username = coalesce(alter_job.username, j.username),
    active   = coalesce(alter_job.active, j.active)
  where j.jobid = job_id
    and (j.username = current_user or coalesce((select r.rolsuper from pg_catalog.pg_roles r where r.rolname = current_user), false));
  if not found then
    raise exception 'could not find valid entry for job %', job_id using errcode = '22023';
  end if;
end
$$;

-- ---------------------------------------------------------------------------
-- net: pg_net's API (requests are sent by the stack after the transaction commits)
-- ---------------------------------------------------------------------------
create schema if not exists net;
comment on schema net is 'pg_net''s API (http_get, http_post, http_delete; http_request_queue, _http_response), sent by the stack.';

create domain net.http_method as text check (value ilike 'get' or value ilike 'post' or value ilike 'delete');

-- pg_net keeps these unlogged; here they are logged, so a request queued by a committed transaction
-- survives a crash of the database.
create table net.http_request_queue (
  id                   bigserial primary key,
  method               net.http_method not null,
  url                  text not null,
  headers              jsonb not null,
  body                 bytea,
  timeout_milliseconds integer not null
);

create table net._http_response (
  id           bigint,
  status_code  integer,
  content_type text,
  headers      jsonb,
  content      text,
  timed_out    boolean,
  error_msg    text,
  created      timestamptz not null default now()
);
create index _http_response_id_idx on net._http_response (id);
create index _http_response_created_idx on net._http_response (created);

create or replace function net.request_queued() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_notify('supastack_net', '');
  return null;
end
$$;
create trigger request_queued after insert on net.http_request_queue
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

-- ---------------------------------------------------------------------------
-- privileges: postgres and service_role only (pg_cron and pg_net keep their schemas as private)
-- ---------------------------------------------------------------------------
revoke all on schema cron, net, supastack from public, anon, authenticated;
revoke all on all tables in schema cron from public, anon, authenticated;
revoke all on all tables in schema net from public, anon, authenticated;
revoke all on all sequences in schema cron from public, anon, authenticated;
revoke all on all sequences in schema net from public, anon, authenticated;
revoke all on all functions in schema cron from public, anon, authenticated;
revoke all on all functions in schema net from public, anon, authenticated;
revoke all on function supastack.invoke_function(text, jsonb, integer) from public, anon, authenticated;

grant usage on schema cron, net, supastack to service_role;
grant select, insert, update, delete on cron.job to service_role;
grant select, delete on cron.job_run_details to service_role;
grant usage on sequence cron.jobid_seq to service_role;
grant execute on function cron.schedule(text, text, text), cron.schedule(text, text), cron.unschedule(text),
  cron.unschedule(bigint), cron.alter_job(bigint, text, text, text, text, boolean), cron.valid_schedule(text)
  to service_role;
grant select on net._http_response to service_role;
grant execute on function net.http_get(text, jsonb, jsonb, integer), net.http_post(text, jsonb, jsonb, jsonb, integer),
  net.http_delete(text, jsonb, jsonb, integer) to service_role;
grant execute on function supastack.invoke_function(text, jsonb, integer) to service_role;

-- ---------------------------------------------------------------------------
-- the app's path: administrators read jobs and runs, and ask for a run now
-- ---------------------------------------------------------------------------
create or replace function public.cron_jobs()
returns table (jobid bigint, jobname text, schedule text, command text, active boolean,
               last_runid bigint, last_status text, last_message text, last_start timestamptz, last_end timestamptz,
               failed_runs bigint)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.has_role('administrator') then
    raise exception 'Apenas administradores veem as tarefas agendadas' using errcode = '42501';
  end if;
  return query
    select j.jobid, j.jobname::text, j.schedule, j.command, j.active,
           r.runid, r.status, r.return_message, r.start_time, r.end_time,
           (select count(*) from cron.job_run_details f where f.jobid = j.jobid and f.status = 'failed')
      from cron.job j
      left join lateral (select d.runid, d.status, d.return_message, d.start_time, d.end_time
                           from cron.job_run_details d where d.jobid = j.jobid
                          order by d.runid desc limit 1) r on true
     order by j.jobname nulls last, j.jobid;
end
$$;
comment on function public.cron_jobs() is 'Administrators: every scheduled job with its last run and count of failed runs.';

create or replace function public.cron_job_runs(p_jobid bigint default null, p_limit integer default 50)
returns table (runid bigint, jobid bigint, jobname text, status text, return_message text,
               start_time timestamptz, end_time timestamptz)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.has_role('administrator') then
    raise exception 'Apenas administradores veem as tarefas agendadas' using errcode = '42501';
  end if;
  return query
    select d.runid, d.jobid, j.jobname::text, d.status, d.return_message, d.start_time, d.end_time
      from cron.job_run_details d
      left join cron.job j on j.jobid = d.jobid
     where p_jobid is null or d.jobid = p_jobid
     order by d.runid desc
     limit least(greatest(coalesce(p_limit, 50), 1), 500);
end
$$;
comment on function public.cron_job_runs(bigint, integer) is 'Administrators: the latest runs (of one job, or of all).';

create or replace function public.cron_run_now(p_jobid bigint) returns bigint
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  id bigint;
begin
  if not public.has_role('administrator') then
    raise exception 'Apenas administradores executam tarefas agendadas' using errcode = '42501';
  end if;
  insert into cron.job_run_details (jobid, database, username, command, status, return_message)
  select j.jobid, j.database, j.username, j.command, 'starting', 'Execução manual solicitada'
    from cron.job j where j.jobid = p_jobid
  returning runid into id;
  if id is null then
    raise exception 'Tarefa agendada não encontrada' using errcode = 'P0002';
  end if;
  return id;
end
$$;
comment on function public.cron_run_now(bigint) is 'Administrators: asks the stack to run a job now (a starting run it picks up).';

revoke execute on function public.cron_jobs(), public.cron_job_runs(bigint, integer), public.cron_run_now(bigint)
  from public, anon;
grant execute on function public.cron_jobs(), public.cron_job_runs(bigint, integer), public.cron_run_now(bigint)
  to authenticated, service_role;
