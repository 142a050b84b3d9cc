-- Relatórios Financeiros "Inadimplência": the open amount per aging bucket and currency, added up by the
-- database instead of the app fetching every open installment (the API returns at most max_rows rows, so a sum
-- made in the browser is wrong past that many). SECURITY INVOKER over financial_receivables_aging: the view and
-- the installments' RLS decide what is counted (administrators only; everyone else gets no rows).
create function public.receivables_aging_totals()
  returns table(bucket text, currency text, installments bigint, open_total numeric)
  language sql stable
  set search_path = ''
as $$
  select a.bucket, a.currency, count(*), sum(a.open_amount)
    from public.financial_receivables_aging a
   group by 1, 2
   order by 1, 2
$$;
comment on function public.receivables_aging_totals() is
  'Relatórios Financeiros: open installments and their open amount per aging bucket and currency (administrators '
  'only, through the view and RLS).';

revoke all on function public.receivables_aging_totals() from public;
grant execute on function public.receivables_aging_totals() to authenticated, service_role;
