-- Quotes sent to a client expire: once the day after their "Válido até" date begins, a daily job marks them
-- 'expired', so lists, reports and the client portal stop showing them as open. The rule is the one
-- respond_to_quote() already applies (expiration_date < current_date): the client could no longer accept them.

create or replace function public.expire_quotes()
returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  n integer;
begin
  update public.financial_quotes q
  set status = 'expired'
  where q.status = 'sent' and q.expiration_date is not null and q.expiration_date < current_date;
  get diagnostics n = row_count;
  return n;
end
$$;
comment on function public.expire_quotes() is 'Daily job: marks sent quotes past their expiration date expired; returns how many.';
revoke execute on function public.expire_quotes() from public, anon, authenticated;
grant execute on function public.expire_quotes() to service_role;

do $$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule('finance-quote-expiry', '5 0 * * *', $c$select public.expire_quotes()$c$);
  end if;
end
$$;
