-- A Pix for a dollar amount (a quote's down payment, an installment) is charged in reais at the PTAX locked on
-- the charge; the payment it records now carries that same rate and date, not the rate of the day staff confirm
-- it, so the payment's amount in reais is what the client was asked for.
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
                             'Pix ' || c.txid || ' — ' || public.format_money(c.amount_brl, 'BRL')
                             || case when c.exchange_rate is not null
                                     then ' (PTAX ' || to_char(c.exchange_rate_date, 'DD/MM/YYYY') || ')' else '' end);
  update public.financial_payments
    set provider = 'pix', provider_payment_id = c.txid,
        exchange_rate = coalesce(c.exchange_rate, exchange_rate),
        exchange_rate_date = coalesce(c.exchange_rate_date, exchange_rate_date)
    where id = p.id
    returning * into p;
  update public.pix_charges set status = 'paid', payment_id = p.id, confirmed_by = auth.uid(), confirmed_at = now()
    where id = c.id;
  return p;
end
$$;
comment on function public.confirm_pix_charge(uuid, numeric, date) is
  'Administrator or legal_assistant: a Pix was received; records the installment''s payment (amount checked when given) at the rate locked on the charge.';
