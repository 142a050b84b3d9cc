-- Finance follows the spec's role table. Contracts, installments, payments and quotes (with their items)
-- are for administrators and legal assistants; a commercial user reads and writes only the quotes it sells
-- (seller_id) and reads its own commissions (policies already in place); a secretary reads none of them.
-- Revenue and receivables figures are for administrators only: the report views filter on is_admin().

-- ---------------------------------------------------------------------------
-- financial_quotes.seller_id: who sells the quote (the chosen sales person, else whoever created it)
-- ---------------------------------------------------------------------------
alter table public.financial_quotes
  add column seller_id uuid references auth.users (id) on delete set null;
comment on column public.financial_quotes.seller_id is
  'Who sells the quote: the sales person when one is chosen, else its creator. A commercial user reaches only its own.';
update public.financial_quotes set seller_id = coalesce(sales_staff_id, created_by) where seller_id is null;
create index financial_quotes_seller_idx on public.financial_quotes (seller_id);

-- seller_id and sales_staff_id (the person commissions go to) name the same seller: choosing one sets the
-- other; a quote without either is sold by its creator.
create or replace function public.keep_quote_seller() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  creator uuid;
begin
  if tg_op = 'INSERT' then
    -- through the API the creator is the caller (financial_quotes_keep stamps created_by the same way)
    if current_user in ('anon', 'authenticated') then
      creator := auth.uid();
    else
      creator := coalesce(new.created_by, auth.uid());
    end if;
    if new.seller_id is null then
      new.seller_id := coalesce(new.sales_staff_id, creator);
    elsif new.sales_staff_id is null and new.seller_id is distinct from creator then
      new.sales_staff_id := new.seller_id;
    end if;
    return new;
  end if;
  if new.sales_staff_id is distinct from old.sales_staff_id and new.seller_id is not distinct from old.seller_id
     and new.sales_staff_id is not null then
    new.seller_id := new.sales_staff_id;
  elsif new.seller_id is distinct from old.seller_id and new.sales_staff_id is not distinct from old.sales_staff_id
     and new.seller_id is not null then
    new.sales_staff_id := new.seller_id;
  end if;
  return new;
end
$$;
revoke execute on function public.keep_quote_seller() from public, anon, authenticated;
-- named to run before the other quote triggers (alphabetical order), which see the final seller
create trigger a_keep_quote_seller before insert or update on public.financial_quotes
  for each row execute function public.keep_quote_seller();

-- True for the commercial user who sells the quote.
create or replace function public.sells_quote(p_quote_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select public.has_role('commercial') and exists (
    select 1 from public.financial_quotes q where q.id = p_quote_id and q.seller_id = auth.uid()
  )
$$;
comment on function public.sells_quote(uuid) is 'Policy helper: the signed-in commercial user sells this quote.';
revoke execute on function public.sells_quote(uuid) from public, anon;
grant execute on function public.sells_quote(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- contracts, installments, payments: administrators and legal assistants (clients keep their own)
-- ---------------------------------------------------------------------------
drop policy "staff read all" on public.financial_contracts;
create policy "managers read" on public.financial_contracts for select to authenticated
  using ((select public.has_any_role(array['administrator', 'legal_assistant'])));
drop policy "staff read all" on public.financial_installments;
create policy "managers read" on public.financial_installments for select to authenticated
  using ((select public.has_any_role(array['administrator', 'legal_assistant'])));
drop policy "staff read all" on public.financial_payments;
create policy "managers read" on public.financial_payments for select to authenticated
  using ((select public.has_any_role(array['administrator', 'legal_assistant'])));

-- ---------------------------------------------------------------------------
-- quotes and their items: managers all; commercial its own sales
-- ---------------------------------------------------------------------------
drop policy "staff read all" on public.financial_quotes;
create policy "managers read" on public.financial_quotes for select to authenticated
  using ((select public.has_any_role(array['administrator', 'legal_assistant'])));
create policy "sellers read own quotes" on public.financial_quotes for select to authenticated
  using (seller_id = (select auth.uid()) and (select public.has_role('commercial')));
create policy "sellers add own quotes" on public.financial_quotes for insert to authenticated
  with check (seller_id = (select auth.uid()) and (select public.has_role('commercial')));
create policy "sellers change own quotes" on public.financial_quotes for update to authenticated
  using (seller_id = (select auth.uid()) and (select public.has_role('commercial')))
  with check (seller_id = (select auth.uid()) and (select public.has_role('commercial')));
create policy "sellers remove own quotes" on public.financial_quotes for delete to authenticated
  using (seller_id = (select auth.uid()) and (select public.has_role('commercial')));

drop policy "staff read quote items" on public.financial_quote_items;
create policy "managers read quote items" on public.financial_quote_items for select to authenticated
  using ((select public.has_any_role(array['administrator', 'legal_assistant'])));
create policy "sellers read own quote items" on public.financial_quote_items for select to authenticated
  using (public.sells_quote(quote_id));
create policy "sellers add own quote items" on public.financial_quote_items for insert to authenticated
  with check (public.sells_quote(quote_id));
create policy "sellers change own quote items" on public.financial_quote_items for update to authenticated
  using (public.sells_quote(quote_id)) with check (public.sells_quote(quote_id));
create policy "sellers remove own quote items" on public.financial_quote_items for delete to authenticated
  using (public.sells_quote(quote_id));

-- ---------------------------------------------------------------------------
-- revenue and receivables: administrators only (the views run as the caller, and say so themselves);
-- the database's own jobs (overdue reminders, run as the owner) still read them
-- ---------------------------------------------------------------------------
create or replace view public.financial_receivables_aging with (security_invoker = true) as
select i.id as installment_id, i.client_id, cl.full_name as client_name, i.contract_id, c.contract_number,
       c.title as contract_title, i.number, i.due_date, i.currency, i.amount, i.paid_amount,
       i.amount - i.paid_amount as open_amount,
       greatest(current_date - i.due_date, 0) as days_late,
       case when i.due_date >= current_date then 'a_vencer'
            when current_date - i.due_date <= 30 then '1_30'
            when current_date - i.due_date <= 60 then '31_60'
            else 'over_60' end as bucket
from public.financial_installments i
join public.financial_contracts c on c.id = i.contract_id
left join public.clients cl on cl.id = i.client_id
where i.status in ('pending', 'partial') and (current_user not in ('anon', 'authenticated') or (select public.is_admin()));
comment on view public.financial_receivables_aging is
  'Open installments by age: a_vencer (not due), 1_30, 31_60, over_60 days late. Administrators only.';

create or replace view public.financial_monthly_revenue with (security_invoker = true) as
select date_trunc('month', p.payment_date)::date as month, p.currency,
       sum(p.amount) as revenue, sum(p.amount_brl) as revenue_brl, count(*)::integer as payment_count
from public.financial_payments p
where p.status = 'paid' and p.payment_date is not null and (current_user not in ('anon', 'authenticated') or (select public.is_admin()))
group by 1, 2;
comment on view public.financial_monthly_revenue is
  'Money received per month and currency (with the BRL equivalent). Administrators only.';

create or replace view public.financial_revenue_by_case_type with (security_invoker = true) as
select coalesce(pr.type, 'Sem processo vinculado') as case_type, p.currency,
       sum(p.amount) as revenue, sum(p.amount_brl) as revenue_brl
from public.financial_payments p
left join public.financial_contracts c on c.id = p.contract_id
left join public.processes pr on pr.id = c.process_id
where p.status = 'paid' and (current_user not in ('anon', 'authenticated') or (select public.is_admin()))
group by 1, 2;
comment on view public.financial_revenue_by_case_type is
  'Money received per type of the contract''s process. Administrators only.';
