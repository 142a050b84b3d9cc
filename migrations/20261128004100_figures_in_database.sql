-- Figures computed by the database instead of the app fetching rows and adding them up: the REST API never
-- returns more than max_rows rows, so a sum or count made in the browser is wrong past that many rows.
-- Every function is SECURITY INVOKER: the caller's RLS decides which rows are counted.

-- A status as the app compares it: trimmed, lower case, without accents ('Concluído' = 'concluido').
create function public.status_fold(p_status text) returns text
  language sql immutable parallel safe
  set search_path = ''
as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, btrim(coalesce(p_status, ''))))
$$;
comment on function public.status_fold(text) is 'A status folded as the app compares statuses: trimmed, lower case, no accents.';

-- Dashboard "Processos Ativos": every process not concluded, archived or cancelled.
create function public.active_process_count() returns bigint
  language sql stable
  set search_path = ''
as $$
  select count(*)
    from public.processes p
   where public.status_fold(p.status) not in
         ('concluido', 'completed', 'arquivado', 'archived', 'cancelado', 'canceled', 'cancelled')
$$;
comment on function public.active_process_count() is
  'Dashboard: processes not concluded, archived or cancelled that the caller may read (RLS applies).';

-- Dashboard "Receita Mensal": paid payments per currency and month (dollars and reais never added together).
create function public.paid_revenue_by_month(p_from date, p_to date)
  returns table(currency text, month date, total numeric)
  language sql stable
  set search_path = ''
as $$
  select f.currency, date_trunc('month', f.payment_date)::date, sum(f.amount)
    from public.financial_payments f
   where f.payment_date >= p_from and f.payment_date < p_to
     and public.status_fold(f.status) in ('paid', 'pago', 'completed', 'concluido')
   group by 1, 2
   order by 1, 2
$$;
comment on function public.paid_revenue_by_month(date, date) is
  'Dashboard: sum of paid payments per currency and month in [p_from, p_to) that the caller may read (RLS applies).';

-- Relatórios: processes per type and stage.
create function public.report_processes_by_type_stage()
  returns table(type text, stage text, total bigint)
  language sql stable
  set search_path = ''
as $$
  select p.type, nullif(p.stage, ''), count(*)
    from public.processes p
   group by 1, 2
   order by 1, 2
$$;
comment on function public.report_processes_by_type_stage() is
  'Relatórios: number of processes per type and stage (null stage: none) the caller may read (RLS applies).';

-- Relatórios: how long each stage lasted, from each stage change to the next one of the same process (or now).
create function public.report_days_per_stage()
  returns table(stage text, average_days numeric, total bigint)
  language sql stable
  set search_path = ''
as $$
  select s.to_value, round(avg(extract(epoch from (s.ended - s.created_at)) / 86400)::numeric, 1), count(*)
    from (select e.to_value, e.created_at,
                 greatest(e.created_at,
                          coalesce(lead(e.created_at) over (partition by e.process_id order by e.created_at, e.id), now()))
                   as ended
            from public.process_events e
           where e.kind = 'stage_change') s
   where s.to_value is not null and s.to_value <> ''
   group by 1
   order by 2 desc, 1
$$;
comment on function public.report_days_per_stage() is
  'Relatórios: average days in each stage and how many times it was entered, from process_events (RLS applies).';

-- Relatórios: clients per the source of the lead they came from ('direto' when none).
create function public.report_clients_by_source()
  returns table(source text, total bigint)
  language sql stable
  set search_path = ''
as $$
  select coalesce((select l.source from public.leads l where l.client_id = c.id order by l.created_at limit 1),
                  'direto'),
         count(*)
    from public.clients c
   group by 1
   order by 2 desc, 1
$$;
comment on function public.report_clients_by_source() is
  'Relatórios: number of clients per the source of their lead (''direto'' without one); RLS applies.';

revoke all on function public.status_fold(text) from public;
revoke all on function public.active_process_count() from public;
revoke all on function public.paid_revenue_by_month(date, date) from public;
revoke all on function public.report_processes_by_type_stage() from public;
revoke all on function public.report_days_per_stage() from public;
revoke all on function public.report_clients_by_source() from public;
grant execute on function public.status_fold(text) to authenticated, service_role;
grant execute on function public.active_process_count() to authenticated, service_role;
grant execute on function public.paid_revenue_by_month(date, date) to authenticated, service_role;
grant execute on function public.report_processes_by_type_stage() to authenticated, service_role;
grant execute on function public.report_days_per_stage() to authenticated, service_role;
grant execute on function public.report_clients_by_source() to authenticated, service_role;
