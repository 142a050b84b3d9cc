-- The office's default scheduled jobs (times in the office's time zone, [cron] timezone):
--   uscis-status-check    daily 06:00   every open USCIS receipt, through the uscis-status-checker function
--   eoir-case-check       daily 06:15   every open EOIR case, through the eoir-court-checker function
--   uscis-forms-editions  Mondays 07:00 the forms library's edition dates, through the uscis-forms-checker function
-- Each job only queues the calls (supastack.invoke_function); the stack sends them signed as service_role,
-- and the answers land in net._http_response.

alter table public.uscis_forms add column if not exists edition_checked_at timestamptz;
comment on column public.uscis_forms.edition_checked_at is 'When the edition date was last checked (weekly job or by hand).';

-- Receipts still worth asking about: the case is not closed (card mailed or delivered, denied, rejected,
-- withdrawn) and its process is not finished.
create or replace function public.cron_check_uscis_receipts() returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  numbers text[];
  total integer;
begin
  select coalesce(array_agg(r.receipt_number order by r.receipt_number), '{}') into numbers
    from public.uscis_receipts r
    join public.processes p on p.id = r.process_id
   where coalesce(r.last_status, '') !~* '(cart[aã]o (enviado|entregue)|negado|rejeitado|retirado|card was (mailed|delivered|picked up)|denied|rejected|withdrawn)'
     and p.status !~* '^(conclu|encerrad|arquivad|negad|cancelad)';
  total := coalesce(array_length(numbers, 1), 0);
  for i in 1..total by 500 loop                 -- the function takes at most 500 per call
    perform supastack.invoke_function('uscis-status-checker',
      jsonb_build_object('receiptNumbers', to_jsonb(numbers[i:i + 499])));
  end loop;
  return total;
end
$$;
comment on function public.cron_check_uscis_receipts() is 'Daily job: queues a status check of every open USCIS receipt; returns how many.';

create or replace function public.cron_check_eoir_cases() returns integer
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  c record;
  total integer := 0;
begin
  for c in
    select e.a_number, e.process_id from public.eoir_court_cases e
      join public.processes p on p.id = e.process_id
     where p.status !~* '^(conclu|encerrad|arquivad|negad|cancelad)'
     order by e.a_number
  loop
    perform supastack.invoke_function('eoir-court-checker',
      jsonb_build_object('aNumber', c.a_number, 'processId', c.process_id));
    total := total + 1;
  end loop;
  return total;
end
$$;
comment on function public.cron_check_eoir_cases() is 'Daily job: queues a check of every open EOIR case; returns how many.';

create or replace function public.cron_check_uscis_form_editions() returns bigint
language sql volatile security definer
set search_path = ''
as $$
  select supastack.invoke_function('uscis-forms-checker', '{}'::jsonb)
$$;
comment on function public.cron_check_uscis_form_editions() is 'Weekly job: queues the edition check of the forms library.';

revoke execute on function public.cron_check_uscis_receipts(), public.cron_check_eoir_cases(),
  public.cron_check_uscis_form_editions() from public, anon, authenticated;
grant execute on function public.cron_check_uscis_receipts(), public.cron_check_eoir_cases(),
  public.cron_check_uscis_form_editions() to service_role;

-- The forms library shows when the edition check last ran (staff read it; the job's details stay admin-only).
create or replace function public.uscis_forms_last_check()
returns table (started_at timestamptz, finished_at timestamptz, status text, checked_at timestamptz)
language sql stable security definer
set search_path = ''
as $$
  select d.start_time, d.end_time, d.status, (select max(f.edition_checked_at) from public.uscis_forms f)
    from (select 1) one
    left join lateral (select r.start_time, r.end_time, r.status
                         from cron.job_run_details r join cron.job j on j.jobid = r.jobid
                        where j.jobname = 'uscis-forms-editions' and r.status in ('succeeded', 'failed')
                        order by r.runid desc limit 1) d on true
   where public.is_staff()
$$;
comment on function public.uscis_forms_last_check() is
  'Staff: the last run of the weekly forms edition job and the latest edition check recorded on a form.';
revoke execute on function public.uscis_forms_last_check() from public, anon;
grant execute on function public.uscis_forms_last_check() to authenticated, service_role;

do $$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule('uscis-status-check', '0 6 * * *', $c$select public.cron_check_uscis_receipts()$c$);
    perform cron.schedule('eoir-case-check', '15 6 * * *', $c$select public.cron_check_eoir_cases()$c$);
    perform cron.schedule('uscis-forms-editions', '0 7 * * 1', $c$select public.cron_check_uscis_form_editions()$c$);
  end if;
end
$$;
