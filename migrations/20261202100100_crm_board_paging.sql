-- CRM board paged by the server: each column (stage) reads its own page, newest move first, and the column
-- headers show exact counts computed in the database, so an office with more leads than one API answer holds
-- sees every figure right.
--
-- The board's order is stage_changed_at desc with id as the tie-break (leads created in one statement share
-- the same time); this index serves one column's page without sorting and replaces leads_stage_idx.
create index leads_stage_board_idx on public.leads (stage, stage_changed_at desc, id desc);
drop index public.leads_stage_idx;

-- How many leads each stage holds (every stage, zero included) for the board's search: name, e-mail or phone
-- containing the term, case-insensitive, with LIKE's wildcards and '*' taken as the app's search takes them
-- (the same pattern the columns' REST filter uses). Runs as the caller (RLS of leads applies) and refuses
-- anyone who is not staff (42501) instead of answering zeros.
create or replace function public.lead_stage_counts(p_search text default null)
returns table (stage text, total bigint)
language plpgsql stable security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_term text := btrim(replace(coalesce(p_search, ''), '*', ''));
  v_like text;
begin
  if not coalesce(public.is_staff(), false) then
    raise exception 'Apenas a equipe vê o CRM' using errcode = 'insufficient_privilege';
  end if;
  if char_length(v_term) > 200 then
    raise exception 'Busca longa demais' using errcode = 'invalid_parameter_value';
  end if;
  v_like := '%' || replace(replace(replace(v_term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  return query
    select s.stage, coalesce(c.n, 0)::bigint
      from unnest(array['novo', 'contato', 'proposta', 'fechado', 'perdido']) with ordinality as s(stage, position)
      left join (
        select l.stage, count(*) as n
          from public.leads l
         where v_term = '' or l.name ilike v_like or l.email ilike v_like or l.phone ilike v_like
         group by l.stage
      ) c on c.stage = s.stage
     order by s.position;
end
$$;
comment on function public.lead_stage_counts(text) is 'Staff (CRM board): the exact number of leads in each stage for a name/e-mail/phone search; RLS applies.';
revoke all on function public.lead_stage_counts(text) from public, anon;
grant execute on function public.lead_stage_counts(text) to authenticated, service_role;
