-- Pay links in installment reminders: the client's reminder (in-app, e-mail and WhatsApp) opens the portal's
-- "Pagar agora" for that installment. The link is a plain portal deep link (/cliente/financeiro?pagar=<id>):
-- it grants nothing by itself; the portal asks for the client's session and reads the installment through
-- row-level security filtered by the client's own id, so a forwarded link is useless to anyone else.
-- p_installment (service role only, like the whole job) reminds of that one overdue installment alone.
drop function public.remind_overdue_installments();
create function public.remind_overdue_installments(p_installment uuid default null)
returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  a record;
  v_user uuid;
  v_admin uuid;
  n integer := 0;
  v_body text;
  v_pay text;
begin
  if to_regprocedure('public.notify(uuid,text,text,text,text,jsonb,text)') is null then
    return 0;
  end if;
  for a in select * from public.financial_receivables_aging r
            where r.bucket <> 'a_vencer' and (p_installment is null or r.installment_id = p_installment) loop
    v_body := 'A parcela ' || case when a.number = 0 then 'de entrada' else a.number::text end
      || ' do contrato ' || a.contract_number || ' venceu em ' || to_char(a.due_date, 'DD/MM/YYYY')
      || '. Valor em aberto: ' || public.format_money(a.open_amount, a.currency) || '.';
    v_pay := '/cliente/financeiro?pagar=' || a.installment_id::text;
    select c.user_id into v_user from public.clients c where c.id = a.client_id;
    if v_user is not null then
      perform public.notify(v_user, 'installment_overdue', 'Parcela em atraso',
        v_body || ' Pague pelo portal (cartão ou Pix) no link abaixo.', v_pay,
        jsonb_build_object('installment_id', a.installment_id, 'days_late', a.days_late, 'pay_link', v_pay),
        'installment-overdue:' || a.installment_id || ':' || a.bucket);
      n := n + 1;
    end if;
    for v_admin in select ur.user_id from public.user_roles ur where ur.role = 'administrator' loop
      perform public.notify(v_admin, 'installment_overdue', 'Parcela em atraso: ' || coalesce(a.client_name, ''),
        v_body, '/financeiro/contratos',
        jsonb_build_object('installment_id', a.installment_id, 'days_late', a.days_late),
        'installment-overdue:' || a.installment_id || ':' || a.bucket || ':' || v_admin);
    end loop;
  end loop;
  return n;
end
$$;
comment on function public.remind_overdue_installments(uuid) is
  'Daily job: notifies clients (with a portal link that pays the installment) and administrators of overdue installments; p_installment: only that one.';
revoke all on function public.remind_overdue_installments(uuid) from public, anon, authenticated;
grant execute on function public.remind_overdue_installments(uuid) to service_role;
