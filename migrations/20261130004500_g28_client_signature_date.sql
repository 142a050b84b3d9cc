-- The G-28's client signature date (Part 4, 3.b) is the day the client signed the engagement contract in the
-- portal. Staff who fill forms (a secretary among them) do not read contracts, so only that date is answered:
-- of the newest signed contract (not an amendment) of the process, else of the process's client.

create function public.client_signed_engagement_on(p_process_id bigint) returns date
language sql stable security definer
set search_path = ''
as $$
  select (c.signed_at at time zone coalesce((select s.time_zone from public.office_settings s where s.id),
                                            'America/New_York'))::date
    from public.processes p
    join public.financial_contracts c on c.client_id = p.client_id
   where p.id = p_process_id and (select public.is_staff())
     and c.signed_at is not null and c.amends_contract_id is null
   order by (c.process_id is not distinct from p.id) desc, c.signed_at desc
   limit 1
$$;
comment on function public.client_signed_engagement_on(bigint) is
  'Staff: the day the process''s client signed the engagement contract (that of the process first), for the G-28; null otherwise.';
revoke execute on function public.client_signed_engagement_on(bigint) from public, anon;
grant execute on function public.client_signed_engagement_on(bigint) to authenticated, service_role;
