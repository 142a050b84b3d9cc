-- Atendimento > Mensagens inside its budget at a large office: the unread count of every conversation is kept by
-- triggers on messages instead of being counted on each call, and one helper builds the "contains" LIKE pattern
-- the list searches (and the CRM board's totals) share.
--
-- conversation_unread.n is the number of the client's messages (sender_type 'client') the office has not read
-- (read_at null). Statement triggers on messages add and subtract per client with
-- `insert ... on conflict do update set n = n + delta`, so concurrent inserts never lose a count; a client's
-- deletion removes its row (foreign key, on delete cascade). Staff read it (RLS); nobody writes it but the
-- triggers (SECURITY DEFINER).

create table public.conversation_unread (
  client_id uuid primary key references public.clients (id) on delete cascade,
  n integer not null default 0 check (n >= 0)
);
comment on table public.conversation_unread is 'Per client: how many of its messages the office has not read (kept by triggers on messages; staff read, nobody writes).';
comment on column public.conversation_unread.n is 'Messages from the client (sender_type client) with read_at null.';

alter table public.conversation_unread enable row level security;
create policy "staff read unread counters" on public.conversation_unread
  for select to authenticated using ((select public.is_staff()));
revoke all on table public.conversation_unread from public, anon, authenticated;
grant select on table public.conversation_unread to authenticated;
grant all on table public.conversation_unread to service_role;

insert into public.conversation_unread (client_id, n)
select m.client_id, count(*)
  from public.messages m
 where m.read_at is null and m.sender_type = 'client'
 group by m.client_id;

-- Adds each client's delta (positive or negative) of a statement's changed rows.
create or replace function public.conversation_unread_apply(p_deltas jsonb) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  -- Ordered by client so two statements touching the same clients lock their rows in the same order.
  insert into public.conversation_unread as u (client_id, n)
  select d.key::uuid, d.value::integer
    from jsonb_each_text(p_deltas) d
   where d.value::integer > 0
   order by d.key::uuid
  on conflict (client_id) do update set n = u.n + excluded.n;
  update public.conversation_unread as u
     set n = greatest(u.n + d.value::integer, 0)
    from jsonb_each_text(p_deltas) d
   where u.client_id = d.key::uuid and d.value::integer < 0;
end
$$;
revoke all on function public.conversation_unread_apply(jsonb) from public, anon, authenticated;

create or replace function public.count_unread_messages() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_deltas jsonb;
begin
  if tg_op = 'INSERT' then
    select jsonb_object_agg(k.client_id, k.n) into v_deltas
      from (select r.client_id, count(*) as n from new_rows r
             where r.read_at is null and r.sender_type = 'client' group by r.client_id) k;
  elsif tg_op = 'DELETE' then
    select jsonb_object_agg(k.client_id, -k.n) into v_deltas
      from (select r.client_id, count(*) as n from old_rows r
             where r.read_at is null and r.sender_type = 'client' group by r.client_id) k;
  else
    select jsonb_object_agg(k.client_id, k.n) into v_deltas
      from (select d.client_id, sum(d.n) as n
              from (select r.client_id, 1 as n from new_rows r where r.read_at is null and r.sender_type = 'client'
                    union all
                    select r.client_id, -1 from old_rows r where r.read_at is null and r.sender_type = 'client') d
             group by d.client_id
            having sum(d.n) <> 0) k;
  end if;
  if v_deltas is not null then
    perform public.conversation_unread_apply(v_deltas);
  end if;
  return null;
end
$$;
revoke all on function public.count_unread_messages() from public, anon, authenticated;

create or replace function public.clear_unread_messages() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  delete from public.conversation_unread;
  return null;
end
$$;
revoke all on function public.clear_unread_messages() from public, anon, authenticated;

create trigger messages_count_unread_insert after insert on public.messages
  referencing new table as new_rows for each statement execute function public.count_unread_messages();
create trigger messages_count_unread_update after update on public.messages
  referencing old table as old_rows new table as new_rows for each statement execute function public.count_unread_messages();
create trigger messages_count_unread_delete after delete on public.messages
  referencing old table as old_rows for each statement execute function public.count_unread_messages();
create trigger messages_clear_unread after truncate on public.messages
  for each statement execute function public.clear_unread_messages();

-- The LIKE pattern that finds `term` anywhere: trimmed, at most 200 characters, with \, % and _ taken literally.
create or replace function public.contains_pattern(term text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select '%' || replace(replace(replace(left(btrim(coalesce(term, '')), 200), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;
comment on function public.contains_pattern(text) is 'The LIKE/ILIKE pattern matching text that contains the term (trimmed, capped at 200 characters, \ % _ escaped).';
revoke all on function public.contains_pattern(text) from public, anon;
grant execute on function public.contains_pattern(text) to authenticated, service_role;

create or replace function public.conversation_rows(p_filter text, p_search text)
returns table (client_id uuid, client_name text, last_message_at timestamptz, unread bigint,
               assigned_to uuid, resolved_at timestamptz)
language plpgsql stable security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_term text := public.search_fold(btrim(coalesce(p_search, '')));
  v_like text;
  v_me uuid := auth.uid();
begin
  if not coalesce(public.is_staff(), false) then
    raise exception 'Apenas a equipe vê as conversas' using errcode = 'insufficient_privilege';
  end if;
  if p_filter is null or p_filter not in ('all', 'unread', 'mine', 'unassigned', 'resolved') then
    raise exception 'Filtro de conversas inválido' using errcode = 'invalid_parameter_value';
  end if;
  if char_length(v_term) > 200 then
    raise exception 'Busca longa demais' using errcode = 'invalid_parameter_value';
  end if;
  v_like := public.contains_pattern(v_term);
  if p_filter = 'unread' then
    return query
      select cv.client_id, c.full_name, cv.last_message_at, u.n::bigint, cv.assigned_to, cv.resolved_at
        from public.conversation_unread u
        join public.conversations cv on cv.client_id = u.client_id
        join public.clients c on c.id = cv.client_id
       where u.n > 0
         and cv.last_message_at is not null
         and (v_term = '' or public.search_fold(c.full_name) like v_like);
    return;
  end if;
  return query
    select cv.client_id, c.full_name, cv.last_message_at, coalesce(u.n, 0)::bigint, cv.assigned_to, cv.resolved_at
      from public.conversations cv
      join public.clients c on c.id = cv.client_id
      left join public.conversation_unread u on u.client_id = cv.client_id
     where cv.last_message_at is not null
       and (v_term = '' or public.search_fold(c.full_name) like v_like)
       and case p_filter
             when 'mine' then cv.assigned_to = v_me and cv.resolved_at is null
             when 'unassigned' then cv.assigned_to is null and cv.resolved_at is null
             when 'resolved' then cv.resolved_at is not null
             else true
           end;
end
$$;
comment on function public.conversation_rows(text, text) is 'Staff: the conversations a filter (all, unread, mine, unassigned, resolved) and a client-name search select; RLS applies.';

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
  v_like := public.contains_pattern(v_term);
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
