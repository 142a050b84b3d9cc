-- Administrators add, duplicate and remove contract templates in Configurações. A template some contract was
-- generated from is never deleted (the contract keeps naming it): removing it deactivates it, and an inactive
-- template is not used to send new contracts. The default template of a language is not removed.

alter table public.contract_templates add column active boolean not null default true;
comment on column public.contract_templates.active is
  'False once removed while in use: kept for the contracts generated from it, never used for new ones.';
alter table public.contract_templates add constraint contract_templates_default_active check (active or not is_default);

create function public.refuse_used_template_delete() returns trigger
language plpgsql set search_path = '' as $$
begin
  if exists (select 1 from public.financial_contracts c where c.template_id = old.id) then
    raise exception 'Modelo usado em contratos: ele é desativado, não excluído' using errcode = 'check_violation';
  end if;
  if old.is_default then
    raise exception 'O modelo padrão do idioma não pode ser removido' using errcode = 'check_violation';
  end if;
  return old;
end
$$;
create trigger contract_templates_refuse_used_delete before delete on public.contract_templates
  for each row execute function public.refuse_used_template_delete();

-- 'deleted' or 'deactivated'; RLS decides (administrators write), so other roles find nothing to remove
create function public.remove_contract_template(template_id uuid) returns text
language plpgsql set search_path = '' as $$
declare
  t public.contract_templates;
begin
  if not public.is_admin() then
    raise exception 'Apenas administradores removem modelos de contrato' using errcode = 'insufficient_privilege';
  end if;
  select * into t from public.contract_templates x where x.id = remove_contract_template.template_id for update;
  if not found then
    raise exception 'Modelo não encontrado' using errcode = 'no_data_found';
  end if;
  if t.is_default then
    raise exception 'O modelo padrão do idioma não pode ser removido' using errcode = 'check_violation';
  end if;
  if exists (select 1 from public.financial_contracts c where c.template_id = t.id) then
    update public.contract_templates x set active = false where x.id = t.id;
    return 'deactivated';
  end if;
  delete from public.contract_templates x where x.id = t.id;
  return 'deleted';
end
$$;
comment on function public.remove_contract_template(uuid) is
  'Administrators: deletes a contract template, or deactivates it when a contract was generated from it.';

create function public.duplicate_contract_template(template_id uuid) returns public.contract_templates
language plpgsql set search_path = '' as $$
declare
  t public.contract_templates;
  c public.contract_templates;
begin
  if not public.is_admin() then
    raise exception 'Apenas administradores duplicam modelos de contrato' using errcode = 'insufficient_privilege';
  end if;
  select * into t from public.contract_templates x where x.id = duplicate_contract_template.template_id;
  if not found then
    raise exception 'Modelo não encontrado' using errcode = 'no_data_found';
  end if;
  insert into public.contract_templates (name, language, body, is_default, active)
  values (left('Cópia de ' || t.name, 200), t.language, t.body, false, true)
  returning * into c;
  insert into public.contract_template_clauses (template_id, case_type_id, title, body, position)
  select c.id, k.case_type_id, k.title, k.body, k.position
    from public.contract_template_clauses k where k.template_id = t.id;
  return c;
end
$$;
comment on function public.duplicate_contract_template(uuid) is
  'Administrators: a copy of a contract template (text and optional clauses), not default, active.';

revoke execute on function public.remove_contract_template(uuid), public.duplicate_contract_template(uuid)
  from public, anon;
grant execute on function public.remove_contract_template(uuid), public.duplicate_contract_template(uuid)
  to authenticated, service_role;
