-- Scheduled jobs with pg_cron's API and HTTP from SQL with pg_net's API are the stack's own now: its engine
-- migrations create cron, net and supastack.invoke_function (supabase/supastack/db/bootstrap/versions/) before
-- any project migration runs, so SQL written for a Supabase project (cron.schedule(...) calling
-- net.http_post(...)) runs unchanged here. This migration created them on installations older than that; it
-- keeps only the project's part: administrators read jobs and runs through the public.cron_* functions below
-- (the app's path); nobody else sees any of it.

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
