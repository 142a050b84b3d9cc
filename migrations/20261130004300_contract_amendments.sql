-- Amendments (aditivos) of a contract in force: a new contract of the same client that refers to the original
-- (amends_contract_id), with its own value and installments, sent and signed the same way; the original's terms
-- stay as signed (guard_signed_contract). Created by administrators and legal assistants.

create function public.create_contract_amendment(
  contract_id uuid, title text, scope text, total_amount numeric, down_payment numeric default 0,
  installments integer default 0, first_due_date date default null, "interval" interval default '1 mon'
) returns public.financial_contracts
language plpgsql
set search_path = ''
as $$
declare
  o public.financial_contracts;
  c public.financial_contracts;
  v_title text := btrim(coalesce(create_contract_amendment.title, ''));
  v_scope text := btrim(coalesce(create_contract_amendment.scope, ''));
  v_total numeric(12, 2) := create_contract_amendment.total_amount;
  v_down numeric(12, 2) := coalesce(create_contract_amendment.down_payment, 0);
  v_rest numeric(12, 2);
  v_each numeric(12, 2);
  v_terms text;
  i integer;
begin
  if not public.has_any_role(array['administrator', 'legal_assistant']) then
    raise exception 'Apenas administradores e assistentes jurídicos criam aditivos' using errcode = 'insufficient_privilege';
  end if;
  -- read under the caller's RLS: a contract the caller cannot read does not exist
  select * into o from public.financial_contracts f where f.id = create_contract_amendment.contract_id;
  if not found then
    raise exception 'Contrato não encontrado' using errcode = 'no_data_found';
  end if;
  if o.signature_status <> 'countersigned' then
    raise exception 'Só um contrato vigente (assinado pelas duas partes) recebe aditivo' using errcode = 'check_violation';
  end if;
  if char_length(v_title) not between 1 and 200 then
    raise exception 'Informe o título do aditivo' using errcode = 'check_violation';
  end if;
  if char_length(v_scope) not between 1 and 5000 then
    raise exception 'Descreva o que o aditivo acrescenta ou muda' using errcode = 'check_violation';
  end if;
  if v_total is null or v_total < 0 or v_total <> round(v_total, 2) or v_total > 10000000 then
    raise exception 'Valor do aditivo inválido' using errcode = 'check_violation';
  end if;
  if v_down < 0 or v_down > v_total or v_down <> round(v_down, 2) then
    raise exception 'Entrada inválida' using errcode = 'check_violation';
  end if;
  if installments is null or installments < 0 or installments > 120 then
    raise exception 'Número de parcelas inválido (0 a 120)' using errcode = 'check_violation';
  end if;
  v_rest := v_total - v_down;
  if (installments = 0) <> (v_rest = 0) then
    raise exception 'A entrada e as parcelas devem somar o valor do aditivo' using errcode = 'check_violation';
  end if;
  if installments > 0 and (first_due_date is null or "interval" is null or "interval" <= interval '0') then
    raise exception 'Informe o primeiro vencimento e o intervalo das parcelas' using errcode = 'check_violation';
  end if;
  v_terms := case when v_total = 0 then 'Sem honorários adicionais' else
      case when v_down > 0 then 'Entrada de ' || public.format_money(v_down, o.currency) else '' end
      || case when v_down > 0 and installments > 0 then ' e ' else '' end
      || case when installments > 0 then installments || ' parcela' || case when installments > 1 then 's' else '' end
              || ' de ' || public.format_money(trunc(v_rest / installments, 2), o.currency) else '' end end;

  insert into public.financial_contracts (client_id, title, status, total_amount, currency, payment_terms, start_date,
    end_date, process_id, sales_staff_id, down_payment, installment_count, language, template_id, notes,
    amends_contract_id)
  values (o.client_id, v_title, 'active', v_total, o.currency, v_terms, current_date,
    case when installments > 0 then greatest(current_date, (first_due_date + "interval" * (installments - 1))::date)
         else current_date end,
    o.process_id, o.sales_staff_id, v_down, installments, o.language, o.template_id, v_scope, o.id)
  returning * into c;

  if v_down > 0 then
    insert into public.financial_installments (contract_id, client_id, number, due_date, amount, currency)
    values (c.id, c.client_id, 0, current_date, v_down, c.currency);
  end if;
  if installments > 0 then
    v_each := trunc(v_rest / installments, 2);
    for i in 1 .. installments loop
      insert into public.financial_installments (contract_id, client_id, number, due_date, amount, currency)
      values (c.id, c.client_id, i, (first_due_date + "interval" * (i - 1))::date,
              case when i = installments then v_rest - v_each * (installments - 1) else v_each end, c.currency);
    end loop;
  end if;
  return c;
end
$$;
comment on function public.create_contract_amendment(uuid, text, text, numeric, numeric, integer, date, interval) is
  'Staff (administrator, legal_assistant): an amendment (aditivo) of a contract in force, a new draft contract of the same client that refers to it; the original stays unchanged.';
revoke execute on function public.create_contract_amendment(uuid, text, text, numeric, numeric, integer, date, interval)
  from public, anon;
grant execute on function public.create_contract_amendment(uuid, text, text, numeric, numeric, integer, date, interval)
  to authenticated, service_role;
