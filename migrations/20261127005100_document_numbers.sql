-- Quote, contract and receipt numbers that never collide: the sequence's number padded to a minimum width
-- and never cut (lpad cuts a longer text: 10000 became '1000', a duplicate of the 1000th number).

create or replace function public.document_number(p_prefix text, p_seq regclass, p_min_digits integer)
returns text
language sql
volatile
set search_path = ''
as $$
  select p_prefix || '-' || to_char(current_date, 'YYYY') || '-'
    || lpad(n::text, greatest(p_min_digits, length(n::text)), '0')
  from (select nextval(p_seq) as n) s
$$;
comment on function public.document_number(text, regclass, integer) is
  'PREFIX-YYYY-000n from a sequence: at least p_min_digits digits, more when the number needs them.';
revoke all on function public.document_number(text, regclass, integer) from public, anon;
grant execute on function public.document_number(text, regclass, integer) to authenticated, service_role;

alter table public.financial_quotes
  alter column quote_number set default public.document_number('OR', 'public.financial_quote_number_seq', 4);
alter table public.financial_contracts
  alter column contract_number set default public.document_number('CT', 'public.financial_contract_number_seq', 4);

-- prepare_payment as before, with the receipt number from document_number.
create or replace function public.prepare_payment() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  inst public.financial_installments;
  v_open numeric(12, 2);
  r public.exchange_rates;
begin
  if current_user in ('anon', 'authenticated') then
    new.recorded_by := case when tg_op = 'INSERT' then auth.uid() else old.recorded_by end;
    if tg_op = 'UPDATE' then
      new.receipt_number := old.receipt_number;
    end if;
  end if;
  if new.installment_id is not null then
    select * into inst from public.financial_installments i where i.id = new.installment_id for update;
    if found then
      if inst.status = 'cancelled' then
        raise exception 'Parcela cancelada' using errcode = 'check_violation';
      end if;
      new.contract_id := coalesce(new.contract_id, inst.contract_id);
      if new.contract_id <> inst.contract_id then
        raise exception 'A parcela é de outro contrato' using errcode = 'check_violation';
      end if;
      if tg_op = 'INSERT' and new.currency is distinct from inst.currency then
        new.currency := inst.currency;
      end if;
      if new.status = 'paid' then
        v_open := inst.amount - coalesce((select sum(p.amount) from public.financial_payments p
                                          where p.installment_id = inst.id and p.status = 'paid'
                                            and p.id <> new.id), 0);
        if new.amount > v_open then
          raise exception 'O valor excede o saldo da parcela (%)', public.format_money(v_open, inst.currency)
            using errcode = 'check_violation';
        end if;
      end if;
    end if;
    new.payment_date := coalesce(new.payment_date, current_date);
  end if;
  if new.status = 'paid' and new.receipt_number is null then
    new.receipt_number := public.document_number('RC', 'public.financial_receipt_number_seq', 5);
  end if;
  if new.currency = 'USD' and new.exchange_rate is null then
    r := public.exchange_rate_on(coalesce(new.payment_date, current_date));
    new.exchange_rate := r.rate;
    new.exchange_rate_date := r.rate_date;
  end if;
  return new;
end
$$;
