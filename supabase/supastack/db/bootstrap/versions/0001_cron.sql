-- Engine migration 0001 (pg_cron's API, run by supastack.cron), applied once and recorded in supastack.schema_migrations (supastack.db.migrate).
-- Until this version the project's migration 20251125001500_cron.sql created these objects: on such a database
-- every statement here finds them and leaves them as they are (if not exists, the same definitions).

-- ---------------------------------------------------------------------------
-- cron: pg_cron's tables
-- ---------------------------------------------------------------------------
create schema if not exists cron;
comment on schema cron is 'pg_cron''s API (schedule, unschedule, alter_job; job, job_run_details), run by the stack.';

create sequence if not exists cron.jobid_seq;
create sequence if not exists cron.runid_seq;

create table if not exists cron.job (
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
comment on table cron.job is 'Scheduled jobs (pg_cron''s columns): standard cron syntax in the project''s time zone, or ''N seconds''.';

create table if not exists cron.job_run_details (
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
create index if not exists job_run_details_jobid_idx on cron.job_run_details (jobid, start_time desc);
create index if not exists job_run_details_pending_idx on cron.job_run_details (runid) where status in ('starting', 'running');

-- The stack's bookkeeping (not pg_cron's): the last scheduled time each job has been claimed for. A run is
-- claimed by moving last_slot forward while holding the row lock, in the transaction that runs the command,
-- so each scheduled time runs exactly once however many stack processes share the database.
create table if not exists cron.job_slot (
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
create or replace trigger job_touch_slot after insert or update on cron.job
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
create or replace trigger job_check before insert or update on cron.job
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
create or replace trigger job_run_requested after insert on cron.job_run_details
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

-- privileges: postgres and service_role only (pg_cron keeps its schema private)
revoke all on schema cron from public, anon, authenticated;
revoke all on all tables in schema cron from public, anon, authenticated;
revoke all on all sequences in schema cron from public, anon, authenticated;
revoke all on all functions in schema cron from public, anon, authenticated;
grant usage on schema cron to service_role;
grant select, insert, update, delete on cron.job to service_role;
grant select, delete on cron.job_run_details to service_role;
grant usage on sequence cron.jobid_seq to service_role;
grant execute on function cron.schedule(text, text, text), cron.schedule(text, text), cron.unschedule(text),
  cron.unschedule(bigint), cron.alter_job(bigint, text, text, text, text, boolean), cron.valid_schedule(text)
  to service_role;
