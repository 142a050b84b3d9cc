-- Online payments: Stripe Checkout (card, USD) and Pix (static BR Code, BRL at the day's PTAX).
-- Money still enters only through public.record_payment; these tables remember what the providers said.

-- ---------------------------------------------------------------------------
-- payments learn where they came from
-- ---------------------------------------------------------------------------
alter table public.financial_payments
  add column provider            text check (provider in ('stripe', 'pix')),
  add column provider_payment_id text,
  add column provider_session_id text,
  add column refunded_amount     numeric(12, 2) not null default 0 check (refunded_amount >= 0),
  add column refunded_at         timestamptz,
  add column dispute_status      text,
  add column disputed_at         timestamptz,
  add constraint financial_payments_provider_ids check (provider is null or provider_payment_id is not null),
  add constraint financial_payments_refund_within check (refunded_amount <= amount);
comment on column public.financial_payments.provider is 'stripe or pix when the client paid online; null when staff recorded it by hand.';
comment on column public.financial_payments.provider_payment_id is 'Stripe PaymentIntent id, or the Pix txid.';
create unique index financial_payments_provider_payment_key on public.financial_payments (provider, provider_payment_id)
  where provider_payment_id is not null;

-- ---------------------------------------------------------------------------
-- Stripe Checkout sessions opened by clients, one row per session
-- ---------------------------------------------------------------------------
create table public.payment_checkouts (
  id               uuid primary key default gen_random_uuid(),
  installment_id   uuid not null,
  client_id        uuid not null references public.clients (id) on delete cascade,
  session_id       text not null unique,
  amount           numeric(12, 2) not null check (amount > 0),
  surcharge        numeric(12, 2) not null default 0 check (surcharge >= 0),
  currency         text not null check (currency = 'USD'),
  status           text not null default 'open' check (status in ('open', 'completed', 'expired')),
  payment_intent   text,
  payment_id       uuid references public.financial_payments (id) on delete set null,
  created_by       uuid references auth.users (id) on delete set null,
  created_at       timestamptz not null default now(),
  completed_at     timestamptz,
  foreign key (installment_id, client_id) references public.financial_installments (id, client_id) on delete cascade
);
comment on table public.payment_checkouts is 'Stripe Checkout sessions for installments; written by the payments functions (service role) only.';
create index payment_checkouts_client_idx on public.payment_checkouts (client_id, created_at desc);
create index payment_checkouts_installment_idx on public.payment_checkouts (installment_id, client_id);
alter table public.payment_checkouts enable row level security;
create policy "managers read checkouts" on public.payment_checkouts for select to authenticated
  using ((select public.has_any_role(array['administrator', 'legal_assistant'])));
create policy "client reads own checkouts" on public.payment_checkouts for select to authenticated
  using (client_id = (select public.current_client_id()));
grant select on public.payment_checkouts to authenticated;
grant all on public.payment_checkouts to service_role;

-- ---------------------------------------------------------------------------
-- Webhook events, once each (Stripe retries and may send an event more than once or out of order)
-- ---------------------------------------------------------------------------
create table public.payment_events (
  id            text primary key,
  provider      text not null default 'stripe' check (provider in ('stripe')),
  type          text not null,
  object_id     text,
  created       timestamptz not null,
  payload       jsonb not null,
  received_at   timestamptz not null default now(),
  processed_at  timestamptz,
  outcome       text
);
comment on table public.payment_events is 'Every provider event received (by its id, once); processed_at stays null while it waits for an earlier event.';
create index payment_events_waiting_idx on public.payment_events (object_id) where processed_at is null;
alter table public.payment_events enable row level security;
create policy "administrators read payment events" on public.payment_events for select to authenticated
  using ((select public.is_admin()));
grant select on public.payment_events to authenticated;
grant all on public.payment_events to service_role;

-- ---------------------------------------------------------------------------
-- Pix charges: a static BR Code per installment, BRL amount locked at the day's rate
-- ---------------------------------------------------------------------------
create table public.pix_charges (
  id                 uuid primary key default gen_random_uuid(),
  installment_id     uuid not null,
  client_id          uuid not null references public.clients (id) on delete cascade,
  txid               text not null unique check (txid ~ '^[A-Za-z0-9]{1,25}$'),
  amount             numeric(12, 2) not null check (amount > 0),
  currency           text not null check (currency in ('USD', 'BRL')),
  amount_brl         numeric(12, 2) not null check (amount_brl > 0),
  exchange_rate      numeric(12, 6) check (exchange_rate > 0),
  exchange_rate_date date,
  br_code            text not null,
  status             text not null default 'open' check (status in ('open', 'paid', 'cancelled')),
  payment_id         uuid references public.financial_payments (id) on delete set null,
  confirmed_by       uuid references auth.users (id) on delete set null,
  confirmed_at       timestamptz,
  created_at         timestamptz not null default now(),
  check (currency = 'BRL' or (exchange_rate is not null and exchange_rate_date is not null)),
  foreign key (installment_id, client_id) references public.financial_installments (id, client_id) on delete cascade
);
comment on table public.pix_charges is 'Pix BR Codes for installments: amount_brl at exchange_rate of exchange_rate_date, locked when the code was made.';
create unique index pix_charges_open_per_installment on public.pix_charges (installment_id) where status = 'open';
create index pix_charges_client_idx on public.pix_charges (client_id, created_at desc);
alter table public.pix_charges enable row level security;
create policy "managers read pix charges" on public.pix_charges for select to authenticated
  using ((select public.has_any_role(array['administrator', 'legal_assistant'])));
create policy "client reads own pix charges" on public.pix_charges for select to authenticated
  using (client_id = (select public.current_client_id()));
grant select on public.pix_charges to authenticated;
grant all on public.pix_charges to service_role;

-- Staff confirm that a Pix arrived (by hand, or from a bank statement line matched by txid and amount).
create or replace function public.confirm_pix_charge(charge_id uuid, received_brl numeric default null,
                                                     received_on date default current_date)
returns public.financial_payments
language plpgsql
security definer
set search_path = ''
as $$
declare
  c public.pix_charges;
  p public.financial_payments;
begin
  if not public.has_any_role(array['administrator', 'legal_assistant']) then
    raise exception 'Permissão negada' using errcode = 'insufficient_privilege';
  end if;
  select * into c from public.pix_charges x where x.id = confirm_pix_charge.charge_id for update;
  if not found then
    raise exception 'Cobrança Pix não encontrada' using errcode = 'no_data_found';
  end if;
  if c.status <> 'open' then
    raise exception 'Esta cobrança Pix já foi baixada' using errcode = 'check_violation';
  end if;
  if received_brl is not null and received_brl <> c.amount_brl then
    raise exception 'O valor recebido (%) difere do valor da cobrança (%)',
      public.format_money(received_brl, 'BRL'), public.format_money(c.amount_brl, 'BRL')
      using errcode = 'check_violation';
  end if;
  p := public.record_payment(c.installment_id, c.amount, 'pix', coalesce(received_on, current_date),
                             'Pix ' || c.txid || ' — ' || public.format_money(c.amount_brl, 'BRL'));
  update public.financial_payments set provider = 'pix', provider_payment_id = c.txid where id = p.id
    returning * into p;
  update public.pix_charges set status = 'paid', payment_id = p.id, confirmed_by = auth.uid(), confirmed_at = now()
    where id = c.id;
  return p;
end
$$;
comment on function public.confirm_pix_charge(uuid, numeric, date) is
  'Administrator or legal_assistant: a Pix was received; records the installment''s payment (amount checked when given).';
revoke execute on function public.confirm_pix_charge(uuid, numeric, date) from public, anon;
grant execute on function public.confirm_pix_charge(uuid, numeric, date) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- What payments-webhook records (service role only): each call is idempotent
-- ---------------------------------------------------------------------------
-- A completed Checkout Session: the installment's payment, once, for the amount the database asked for.
create or replace function public.record_stripe_checkout(p_session_id text, p_payment_intent text,
                                                         p_amount_total_cents bigint, p_paid_on date)
returns public.financial_payments
language plpgsql
set search_path = ''
as $$
declare
  c public.payment_checkouts;
  p public.financial_payments;
begin
  select * into c from public.payment_checkouts x where x.session_id = p_session_id for update;
  if not found then
    raise exception 'Sessão de pagamento desconhecida' using errcode = 'no_data_found';
  end if;
  if c.payment_id is not null then
    select * into p from public.financial_payments f where f.id = c.payment_id;
    return p;
  end if;
  if p_amount_total_cents is distinct from ((c.amount + c.surcharge) * 100)::bigint then
    raise exception 'Valor pago (% centavos) difere do cobrado', p_amount_total_cents using errcode = 'check_violation';
  end if;
  p := public.record_payment(c.installment_id, c.amount, 'cartao', coalesce(p_paid_on, current_date),
                             'Stripe ' || p_payment_intent);
  update public.financial_payments set provider = 'stripe', provider_payment_id = p_payment_intent,
                                       provider_session_id = p_session_id
    where id = p.id returning * into p;
  update public.payment_checkouts set status = 'completed', payment_intent = p_payment_intent, payment_id = p.id,
                                      completed_at = now()
    where id = c.id;
  return p;
end
$$;

-- A refund (cumulative, as Stripe's charge.amount_refunded): never goes back; a full refund cancels the payment
-- and reopens the installment.
create or replace function public.record_stripe_refund(p_payment_intent text, p_refunded_cents bigint,
                                                       p_at timestamptz)
returns public.financial_payments
language plpgsql
set search_path = ''
as $$
declare
  p public.financial_payments;
  v_refunded numeric(12, 2);
begin
  select * into p from public.financial_payments f
    where f.provider = 'stripe' and f.provider_payment_id = p_payment_intent for update;
  if not found then
    return null;
  end if;
  v_refunded := least(p.amount, greatest(p.refunded_amount, p_refunded_cents / 100.0));
  if v_refunded = p.refunded_amount then
    return p;
  end if;
  update public.financial_payments
    set refunded_amount = v_refunded, refunded_at = p_at,
        status = case when v_refunded >= amount then 'cancelled' else status end,
        notes = concat_ws(E'\n', notes, 'Reembolso Stripe: ' || public.format_money(v_refunded, currency))
    where id = p.id returning * into p;
  return p;
end
$$;

-- A dispute opened or changed: the newest state wins, whatever order the events arrive in.
create or replace function public.record_stripe_dispute(p_payment_intent text, p_status text, p_at timestamptz)
returns public.financial_payments
language plpgsql
set search_path = ''
as $$
declare
  p public.financial_payments;
begin
  update public.financial_payments
    set dispute_status = p_status, disputed_at = p_at
    where provider = 'stripe' and provider_payment_id = p_payment_intent
      and (disputed_at is null or disputed_at <= p_at)
    returning * into p;
  if not found then
    select * into p from public.financial_payments f
      where f.provider = 'stripe' and f.provider_payment_id = p_payment_intent;
    if not found then
      return null;
    end if;
  end if;
  return p;
end
$$;
revoke execute on function public.record_stripe_checkout(text, text, bigint, date),
  public.record_stripe_refund(text, bigint, timestamptz), public.record_stripe_dispute(text, text, timestamptz)
  from public, anon, authenticated;
grant execute on function public.record_stripe_checkout(text, text, bigint, date),
  public.record_stripe_refund(text, bigint, timestamptz), public.record_stripe_dispute(text, text, timestamptz)
  to service_role;
