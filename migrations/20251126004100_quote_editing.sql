-- Quotes edited in place: a draft quote's lines change (description, quantity, unit price, per-line discount)
-- and so does its seller; once the client has decided (or a contract exists) nothing about the quote changes.
--
-- What this adds to 20251125005000_finance_money.sql:
--  * a line stays on its quote and keeps its origin (quote_id, kind, product, fee): before, moving a line
--    from a sent quote into a draft passed the draft-only guard (it looked at the new quote only) and left the
--    sent quote's subtotal stale;
--  * a line's quantity, price and discount are refused with pt-BR messages before the table's checks answer
--    in English;
--  * the quote's total also follows its subtotal when its last line goes (it kept the old total);
--  * outside a draft the seller, rate, fees date and title are locked like the values already were; an accepted
--    or declined quote, or one with a contract, does not change at all and an accepted one is not deleted;
--  * the seller is a member of the staff (who could otherwise earn commissions as a client?).
-- The owner (seed, jobs, security-definer functions such as respond_to_quote) is not held by these rules.

-- ---------------------------------------------------------------------------
-- lines
-- ---------------------------------------------------------------------------
create or replace function public.guard_quote_item() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_status text;
begin
  -- those who may not write lines get RLS's 42501, whatever the quote's status (see 20251125009000)
  if current_user in ('anon', 'authenticated')
     and public.has_any_role(array['administrator', 'legal_assistant']) then
    if tg_op = 'UPDATE' and (new.quote_id, new.kind, new.product_id, new.uscis_fee_id)
        is distinct from (old.quote_id, old.kind, old.product_id, old.uscis_fee_id) then
      raise exception 'Um item não muda de orçamento nem de origem: remova-o e adicione outro'
        using errcode = 'check_violation';
    end if;
    select status into v_status from public.financial_quotes
    where id = case when tg_op = 'DELETE' then old.quote_id else new.quote_id end;
    if v_status is distinct from 'draft' then
      raise exception 'Só é possível alterar itens de um orçamento em rascunho' using errcode = 'check_violation';
    end if;
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;
revoke execute on function public.guard_quote_item() from public, anon, authenticated;

-- After financial_quote_items_fill (triggers fire by name): the filled price is checked too.
create or replace function public.check_quote_item() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.quantity is null or new.quantity <= 0 then
    raise exception 'A quantidade do item deve ser maior que zero' using errcode = 'check_violation';
  end if;
  if new.unit_price is null or new.unit_price < 0 then
    raise exception 'Informe um valor unitário igual ou maior que zero' using errcode = 'check_violation';
  end if;
  if new.discount_amount is null or new.discount_amount < 0 then
    raise exception 'O desconto do item não pode ser negativo' using errcode = 'check_violation';
  end if;
  if new.discount_amount > round(new.quantity * new.unit_price, 2) then
    raise exception 'O desconto do item não pode ser maior que o valor do item' using errcode = 'check_violation';
  end if;
  return new;
end
$$;
create trigger financial_quote_items_validate before insert or update on public.financial_quote_items
  for each row execute function public.check_quote_item();
revoke execute on function public.check_quote_item() from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- quotes
-- ---------------------------------------------------------------------------
create or replace function public.keep_quote() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  api constant boolean := current_user in ('anon', 'authenticated');
  has_items boolean := exists (select 1 from public.financial_quote_items i where i.quote_id = new.id);
begin
  -- a quote without lines keeps the total it was given, until its lines (its subtotal) move
  if has_items or (tg_op = 'UPDATE' and new.subtotal_amount is distinct from old.subtotal_amount) then
    if new.discount_amount > new.subtotal_amount then
      raise exception 'O desconto não pode ser maior que o subtotal' using errcode = 'check_violation';
    end if;
    new.total_amount := new.subtotal_amount - new.discount_amount;
  end if;
  if api and new.sales_staff_id is not null
     and (tg_op = 'INSERT' or new.sales_staff_id is distinct from old.sales_staff_id)
     and not public.is_staff_user(new.sales_staff_id) then
    raise exception 'O(a) vendedor(a) deve ser da equipe do escritório' using errcode = 'check_violation';
  end if;
  if tg_op = 'INSERT' then
    if api then
      new.created_by := auth.uid();
      if new.status not in ('draft', 'sent') then
        raise exception 'Um orçamento novo é um rascunho ou enviado' using errcode = 'check_violation';
      end if;
      new.decided_at := null;
      new.decided_by := null;
    end if;
    if new.status = 'sent' then
      new.sent_at := coalesce(new.sent_at, now());
    end if;
    return new;
  end if;
  if api then
    new.created_by := old.created_by;
    new.decided_at := old.decided_at;
    new.decided_by := old.decided_by;
    -- decided or turned into a contract: what the client agreed to stays as it was
    if (old.status in ('accepted', 'declined')
        or exists (select 1 from public.financial_contracts c where c.quote_id = old.id))
       and to_jsonb(new) - 'updated_at' - 'total_brl' is distinct from to_jsonb(old) - 'updated_at' - 'total_brl' then
      raise exception 'Um orçamento aceito, recusado ou com contrato não pode ser alterado'
        using errcode = 'check_violation';
    end if;
    if new.status is distinct from old.status
       and (new.status in ('accepted', 'declined') or old.status in ('accepted', 'declined')) then
      -- the client decides through respond_to_quote(); staff send, withdraw to draft or let expire
      raise exception 'Apenas o cliente aceita ou recusa um orçamento enviado' using errcode = 'check_violation';
    end if;
    -- sent or expired (and not withdrawn to draft by this change): its terms are the ones the client saw
    if old.status <> 'draft' and new.status <> 'draft' then
      if (new.total_amount, new.currency, new.discount_amount, new.client_id, new.exchange_rate,
          new.exchange_rate_date, new.fees_date, new.title)
         is distinct from (old.total_amount, old.currency, old.discount_amount, old.client_id, old.exchange_rate,
          old.exchange_rate_date, old.fees_date, old.title) then
        raise exception 'Só é possível alterar valores de um orçamento em rascunho' using errcode = 'check_violation';
      end if;
      if new.sales_staff_id is distinct from old.sales_staff_id then
        raise exception 'Só é possível trocar o(a) vendedor(a) de um orçamento em rascunho'
          using errcode = 'check_violation';
      end if;
    end if;
  end if;
  if new.status = 'sent' and old.status is distinct from 'sent' then
    if new.total_amount <= 0 then
      raise exception 'Um orçamento sem valor não pode ser enviado' using errcode = 'check_violation';
    end if;
    new.sent_at := now();
  end if;
  return new;
end
$$;
revoke execute on function public.keep_quote() from public, anon, authenticated;

-- An accepted quote (or one with a contract) is the record of what the client agreed to.
create or replace function public.guard_quote_delete() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated')
     and (old.status = 'accepted' or exists (select 1 from public.financial_contracts c where c.quote_id = old.id)) then
    raise exception 'Um orçamento aceito ou com contrato não pode ser excluído' using errcode = 'check_violation';
  end if;
  return old;
end
$$;
create trigger financial_quotes_guard_delete before delete on public.financial_quotes
  for each row execute function public.guard_quote_delete();
revoke execute on function public.guard_quote_delete() from public, anon, authenticated;
