-- RLS matrix findings on the second-wave tables.
--
-- financial_quote_items: the draft-only guard ran for every API caller before row-level security, so a
-- client (or anyone who may not write quote lines) adding a line was answered 23514 "only drafts" instead
-- of 42501, and the answer depended on the status of a quote the caller may not even see. The guard now
-- applies to those who may write lines (administrator, legal_assistant); everyone else gets RLS's 42501.
create or replace function public.guard_quote_item() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_status text;
begin
  if current_user in ('anon', 'authenticated')
     and public.has_any_role(array['administrator', 'legal_assistant']) then
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
