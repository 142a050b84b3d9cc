-- Atendimento > Mensagens: one conversation per client across portal, WhatsApp and e-mail, newest activity first.
--
-- conversations.last_message_at is the time of the client's latest message on any channel, kept by the trigger
-- on messages (the API cannot move it), so the list pages over one index instead of every message.
-- conversation_list() returns one page with the total of its filter; conversation_counts() the totals of every
-- filter (the tabs). Both run as the caller (RLS applies) and refuse anyone who is not staff (42501).

alter table public.conversations add column last_message_at timestamptz;
comment on column public.conversations.last_message_at is 'Time of the latest message of the conversation (any channel, either side); kept by a trigger on messages.';

insert into public.conversations as c (client_id, last_message_at)
select m.client_id, max(m.created_at) from public.messages m group by m.client_id
on conflict (client_id) do update set last_message_at = excluded.last_message_at;

create index conversations_activity_idx on public.conversations (last_message_at desc, client_id)
  where last_message_at is not null;

-- Every message moves the conversation's activity; a client's message also reopens it (and, on WhatsApp,
-- moves the 24-hour window).
create or replace function public.touch_conversation() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_from_client boolean := new.sender_type = 'client';
begin
  insert into public.conversations as c (client_id, whatsapp_last_inbound_at, last_message_at)
  values (new.client_id, case when v_from_client and new.channel = 'whatsapp' then new.created_at end,
          new.created_at)
  on conflict (client_id) do update
    set resolved_at = case when v_from_client then null else c.resolved_at end,
        resolved_by = case when v_from_client then null else c.resolved_by end,
        whatsapp_last_inbound_at = greatest(c.whatsapp_last_inbound_at, excluded.whatsapp_last_inbound_at),
        last_message_at = greatest(c.last_message_at, excluded.last_message_at),
        updated_at = now();
  return new;
end
$$;
revoke all on function public.touch_conversation() from public;

-- The API may assign and resolve; the window and the activity are the database's to keep.
create or replace function public.guard_conversation() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon') then
    if tg_op = 'UPDATE' then
      new.whatsapp_last_inbound_at := old.whatsapp_last_inbound_at;
      new.last_message_at := old.last_message_at;
    else
      new.last_message_at := null;
    end if;
    if new.resolved_at is not null and (tg_op = 'INSERT' or old.resolved_at is null) then
      new.resolved_by := auth.uid();
    elsif new.resolved_at is null then
      new.resolved_by := null;
    end if;
    if new.assigned_to is not null and not public.is_staff_user(new.assigned_to) then
      raise exception 'Atribua a conversa a um membro da equipe' using errcode = 'check_violation';
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$$;
revoke all on function public.guard_conversation() from public;

-- Staff see assignment and "Resolvido" change live in the list and the conversation.
do $$
begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime')
     and not exists (select 1 from pg_publication_tables
                      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'conversations') then
    alter publication supabase_realtime add table public.conversations;
  end if;
end
$$;

-- The conversations a filter selects (RLS applies): 'all', 'unread' (client messages the office has not read),
-- 'mine' (open and assigned to the caller), 'unassigned' (open, nobody assigned), 'resolved'; and the client's
-- name containing the search (accents and case folded, LIKE wildcards taken literally).
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
  v_like := '%' || replace(replace(replace(v_term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  return query
    with unread as (
      select m.client_id, count(*) as n
        from public.messages m
       where m.read_at is null and m.sender_type = 'client'
       group by m.client_id
    )
    select cv.client_id, c.full_name, cv.last_message_at, coalesce(u.n, 0)::bigint, cv.assigned_to, cv.resolved_at
      from public.conversations cv
      join public.clients c on c.id = cv.client_id
      left join unread u on u.client_id = cv.client_id
     where cv.last_message_at is not null
       and (v_term = '' or public.search_fold(c.full_name) like v_like)
       and case p_filter
             when 'unread' then coalesce(u.n, 0) > 0
             when 'mine' then cv.assigned_to = v_me and cv.resolved_at is null
             when 'unassigned' then cv.assigned_to is null and cv.resolved_at is null
             when 'resolved' then cv.resolved_at is not null
             else true
           end;
end
$$;
comment on function public.conversation_rows(text, text) is 'Staff: the conversations a filter (all, unread, mine, unassigned, resolved) and a client-name search select; RLS applies.';
revoke all on function public.conversation_rows(text, text) from public, anon;
grant execute on function public.conversation_rows(text, text) to authenticated, service_role;

-- One page of the list, newest activity first, with the latest message, the channels used, the unread count
-- and the assignee; `total` is the exact number of conversations the filter selects.
create or replace function public.conversation_list(p_filter text default 'all', p_search text default null,
                                                    p_limit integer default 25, p_offset integer default 0)
returns table (client_id uuid, client_name text, last_message_at timestamptz, last_message text,
               last_channel text, last_sender text, channels text[], unread bigint, assigned_to uuid,
               assigned_name text, resolved_at timestamptz, total bigint)
language plpgsql stable security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  if p_limit is null or p_limit < 1 or p_limit > 100 or p_offset is null or p_offset < 0 then
    raise exception 'Página inválida' using errcode = 'invalid_parameter_value';
  end if;
  return query
    with selected as materialized (
      select r.*, count(*) over () as total
        from public.conversation_rows(p_filter, p_search) r
       order by r.last_message_at desc, r.client_id
       limit p_limit offset p_offset
    )
    select s.client_id, s.client_name, s.last_message_at, last.content, last.channel, last.sender_type,
           array(select ch from unnest(array['portal', 'whatsapp', 'email']) with ordinality as x(ch, n)
                  where exists (select 1 from public.messages m where m.client_id = s.client_id and m.channel = x.ch)
                  order by x.n),
           s.unread, s.assigned_to, coalesce(p.full_name, p.email), s.resolved_at, s.total
      from selected s
      left join public.profiles p on p.id = s.assigned_to
      left join lateral (
        select m.content, m.channel, m.sender_type
          from public.messages m
         where m.client_id = s.client_id
         order by m.created_at desc, m.id desc
         limit 1
      ) last on true
     order by s.last_message_at desc, s.client_id;
end
$$;
comment on function public.conversation_list(text, text, integer, integer) is 'Staff (Atendimento > Mensagens): one page of conversations, newest activity first, with unread counts, assignee and the exact total of the filter; RLS applies.';
revoke all on function public.conversation_list(text, text, integer, integer) from public, anon;
grant execute on function public.conversation_list(text, text, integer, integer) to authenticated, service_role;

-- The number of conversations of every filter (the tabs' badges), for the same search.
create or replace function public.conversation_counts(p_search text default null)
returns table (all_count bigint, unread_count bigint, mine_count bigint, unassigned_count bigint,
               resolved_count bigint)
language sql stable security invoker
set search_path = ''
as $$
  select count(*),
         count(*) filter (where r.unread > 0),
         count(*) filter (where r.assigned_to = (select auth.uid()) and r.resolved_at is null),
         count(*) filter (where r.assigned_to is null and r.resolved_at is null),
         count(*) filter (where r.resolved_at is not null)
    from public.conversation_rows('all', p_search) r
$$;
comment on function public.conversation_counts(text) is 'Staff: how many conversations each filter of Atendimento > Mensagens selects (all, unread, mine, unassigned, resolved); RLS applies.';
revoke all on function public.conversation_counts(text) from public, anon;
grant execute on function public.conversation_counts(text) to authenticated, service_role;
