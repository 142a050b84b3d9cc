-- Discounts given as a percentage ("10% de desconto"), on a quote's line or on the whole quote.
--
-- A line or a quote may carry discount_percent (0 to 100, two decimals; null when the discount is an amount).
-- When it is set the database computes discount_amount from it, so amount, subtotal and total stay the
-- database's and every reader of discount_amount (the totals, contracts, PDFs, reports) keeps working:
--  * line:  discount_amount = round(quantity * unit_price * percent / 100, 2), on every insert and update;
--  * quote: discount_amount = round(subtotal_amount * percent / 100, 2), on every update too, so it follows
--    the subtotal when lines are added, edited or removed (sum_quote_items updates the subtotal).
-- To go back to an amount, write discount_percent = null together with the amount.
-- The column is plain numeric (checked 0-100 here) rather than numeric(5,2): a typed 1000 would otherwise fail
-- in English ("numeric field overflow") before any trigger could refuse it in Portuguese.
-- The draft-only rules of 20251126004100 still hold: a line of a non-draft quote is refused by
-- financial_quote_items_guard (it fires first, by name), and a sent quote's percent is locked like its amount.

alter table public.financial_quote_items
  add column discount_percent numeric
    constraint financial_quote_items_discount_percent_check
    check (discount_percent >= 0 and discount_percent <= 100 and discount_percent = round(discount_percent, 2));
comment on column public.financial_quote_items.discount_percent is
  'Line discount as a percentage (0-100) of quantity x unit price; when set, discount_amount is computed from it.';

alter table public.financial_quotes
  add column discount_percent numeric
    constraint financial_quotes_discount_percent_check
    check (discount_percent >= 0 and discount_percent <= 100 and discount_percent = round(discount_percent, 2));
comment on column public.financial_quotes.discount_percent is
  'Quote discount as a percentage (0-100) of the subtotal; when set, discount_amount is computed from it.';

-- ---------------------------------------------------------------------------
-- lines: after financial_quote_items_fill and _guard, before _validate (triggers fire by name)
-- ---------------------------------------------------------------------------
create or replace function public.apply_quote_item_percent() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.discount_percent is not null then
    if new.discount_percent < 0 then
      raise exception 'O desconto percentual do item não pode ser negativo' using errcode = 'check_violation';
    end if;
    if new.discount_percent > 100 or new.discount_percent = 'NaN' then
      raise exception 'O desconto percentual do item não pode passar de 100%%' using errcode = 'check_violation';
    end if;
    new.discount_percent := round(new.discount_percent, 2);
    -- a missing quantity or price is refused by financial_quote_items_validate
    if new.quantity is not null and new.unit_price is not null then
      new.discount_amount := round(new.quantity * new.unit_price * new.discount_percent / 100, 2);
    end if;
  end if;
  return new;
end
$$;
create trigger financial_quote_items_percent before insert or update on public.financial_quote_items
  for each row execute function public.apply_quote_item_percent();
revoke execute on function public.apply_quote_item_percent() from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- quotes: before financial_quotes_keep, which checks the amount against the subtotal and sets the total
-- ---------------------------------------------------------------------------
create or replace function public.apply_quote_percent() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and current_user in ('anon', 'authenticated')
     and old.status not in ('draft', 'accepted', 'declined') and new.status <> 'draft'
     and new.discount_percent is distinct from old.discount_percent then
    -- sent or expired: the terms the client saw (accepted and declined quotes are refused by keep_quote)
    raise exception 'Só é possível alterar valores de um orçamento em rascunho' using errcode = 'check_violation';
  end if;
  if new.discount_percent is not null then
    if new.discount_percent < 0 then
      raise exception 'O desconto percentual não pode ser negativo' using errcode = 'check_violation';
    end if;
    if new.discount_percent > 100 or new.discount_percent = 'NaN' then
      raise exception 'O desconto percentual não pode passar de 100%%' using errcode = 'check_violation';
    end if;
    new.discount_percent := round(new.discount_percent, 2);
    new.discount_amount := round(new.subtotal_amount * new.discount_percent / 100, 2);
  end if;
  return new;
end
$$;
create trigger financial_quotes_discount_percent before insert or update on public.financial_quotes
  for each row execute function public.apply_quote_percent();
revoke execute on function public.apply_quote_percent() from public, anon, authenticated;
