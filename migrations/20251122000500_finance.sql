-- The office's finance catalogue: products and services (BRL), expenses by category (BRL) and
-- USCIS filing fees (USD, dated). Products and fees: administrator and legal_assistant;
-- expenses and their categories: administrator only.

create table public.financial_products (
  id          uuid primary key default gen_random_uuid(),
  name        text not null check (char_length(btrim(name)) >= 1),
  description text,
  price       numeric(12, 2) not null check (price > 0),
  category    text not null check (char_length(btrim(category)) >= 1),
  is_active   boolean not null default true,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);
comment on table public.financial_products is 'Products and services the office sells (price in BRL).';
create index financial_products_category_name_idx on public.financial_products (category, name);
create trigger financial_products_set_updated_at before update on public.financial_products
  for each row execute function public.set_updated_at();

create table public.financial_expense_categories (
  id         uuid primary key default gen_random_uuid(),
  name       text not null unique check (char_length(btrim(name)) >= 1),
  created_at timestamptz not null default now()
);
comment on table public.financial_expense_categories is 'Categories of the office''s expenses.';

create table public.financial_expenses (
  id             uuid primary key default gen_random_uuid(),
  description    text not null check (char_length(btrim(description)) >= 1),
  amount         numeric(12, 2) not null check (amount > 0),
  due_date       date not null default current_date,
  category_id    uuid references public.financial_expense_categories (id) on delete set null,
  is_paid        boolean not null default false,
  payment_date   date,
  payment_method text,
  notes          text,
  created_at     timestamptz not null default now(),
  updated_at     timestamptz not null default now()
);
comment on table public.financial_expenses is 'Expenses of the office (BRL); shown as Pago, Atrasado (due date past) or Pendente.';
create index financial_expenses_due_date_idx on public.financial_expenses (due_date desc);
create index financial_expenses_category_id_idx on public.financial_expenses (category_id);
create index financial_expenses_unpaid_idx on public.financial_expenses (due_date) where not is_paid;
create trigger financial_expenses_set_updated_at before update on public.financial_expenses
  for each row execute function public.set_updated_at();

create table public.financial_uscis_fees (
  id          uuid primary key default gen_random_uuid(),
  form_code   text not null check (char_length(btrim(form_code)) >= 1),
  form_name   text not null check (char_length(btrim(form_name)) >= 1),
  fee_amount  numeric(12, 2) not null check (fee_amount > 0),
  category    text,
  description text,
  valid_from  date not null default current_date,
  valid_until date,
  is_active   boolean not null default true,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now(),
  check (valid_until is null or valid_until >= valid_from)
);
comment on table public.financial_uscis_fees is 'USCIS filing fees in USD, dated (valid_from / valid_until); maintained by staff.';
create index financial_uscis_fees_form_code_idx on public.financial_uscis_fees (form_code);
create trigger financial_uscis_fees_set_updated_at before update on public.financial_uscis_fees
  for each row execute function public.set_updated_at();

alter table public.financial_products enable row level security;
create policy "finance staff read products" on public.financial_products
  for select to authenticated using ((select public.has_any_role(array['administrator', 'legal_assistant'])));
create policy "finance staff add products" on public.financial_products
  for insert to authenticated with check ((select public.has_any_role(array['administrator', 'legal_assistant'])));
create policy "finance staff change products" on public.financial_products
  for update to authenticated
  using ((select public.has_any_role(array['administrator', 'legal_assistant'])))
  with check ((select public.has_any_role(array['administrator', 'legal_assistant'])));
create policy "finance staff remove products" on public.financial_products
  for delete to authenticated using ((select public.has_any_role(array['administrator', 'legal_assistant'])));

alter table public.financial_uscis_fees enable row level security;
create policy "finance staff read fees" on public.financial_uscis_fees
  for select to authenticated using ((select public.has_any_role(array['administrator', 'legal_assistant'])));
create policy "finance staff add fees" on public.financial_uscis_fees
  for insert to authenticated with check ((select public.has_any_role(array['administrator', 'legal_assistant'])));
create policy "finance staff change fees" on public.financial_uscis_fees
  for update to authenticated
  using ((select public.has_any_role(array['administrator', 'legal_assistant'])))
  with check ((select public.has_any_role(array['administrator', 'legal_assistant'])));
create policy "finance staff remove fees" on public.financial_uscis_fees
  for delete to authenticated using ((select public.has_any_role(array['administrator', 'legal_assistant'])));

alter table public.financial_expense_categories enable row level security;
create policy "administrators read expense categories" on public.financial_expense_categories
  for select to authenticated using ((select public.is_admin()));
create policy "administrators add expense categories" on public.financial_expense_categories
  for insert to authenticated with check ((select public.is_admin()));
create policy "administrators change expense categories" on public.financial_expense_categories
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "administrators remove expense categories" on public.financial_expense_categories
  for delete to authenticated using ((select public.is_admin()));

alter table public.financial_expenses enable row level security;
create policy "administrators read expenses" on public.financial_expenses
  for select to authenticated using ((select public.is_admin()));
create policy "administrators add expenses" on public.financial_expenses
  for insert to authenticated with check ((select public.is_admin()));
create policy "administrators change expenses" on public.financial_expenses
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "administrators remove expenses" on public.financial_expenses
  for delete to authenticated using ((select public.is_admin()));
