-- What "unread" means for the office's conversation counters, written once: a message from the client
-- (sender_type 'client') the office has not read (read_at null). The counters' triggers, the recount below and the
-- large office's seed (which loads with triggers off) all ask message_is_unread(); it is plain SQL, inlined where
-- it is used (so no `set search_path`, which would keep PostgreSQL from inlining it; it names no object).
create or replace function public.message_is_unread(p_read_at timestamptz, p_sender_type text) returns boolean
language sql immutable parallel safe
as $$
  select p_read_at is null and p_sender_type = 'client'
$$;
comment on function public.message_is_unread(timestamptz, text) is 'A message counts as unread for the office: from the client and not read yet.';

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
             where public.message_is_unread(r.read_at, r.sender_type) group by r.client_id) k;
  elsif tg_op = 'DELETE' then
    select jsonb_object_agg(k.client_id, -k.n) into v_deltas
      from (select r.client_id, count(*) as n from old_rows r
             where public.message_is_unread(r.read_at, r.sender_type) group by r.client_id) k;
  else
    select jsonb_object_agg(k.client_id, k.n) into v_deltas
      from (select d.client_id, sum(d.n) as n
              from (select r.client_id, 1 as n from new_rows r where public.message_is_unread(r.read_at, r.sender_type)
                    union all
                    select r.client_id, -1 from old_rows r where public.message_is_unread(r.read_at, r.sender_type)) d
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

-- Counts every conversation's unread messages again from messages: for loads that ran with triggers off (the large
-- office's seed) and to repair the counters by hand. The service role's (and the owner's) only.
create or replace function public.conversation_unread_recount() returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  -- no message is written while it counts (writers wait, then their triggers add to the recounted numbers)
  lock table public.messages in share mode;
  insert into public.conversation_unread as u (client_id, n)
  select m.client_id, count(*) from public.messages m
   where public.message_is_unread(m.read_at, m.sender_type)
   group by m.client_id
   order by m.client_id
  on conflict (client_id) do update set n = excluded.n;
  update public.conversation_unread as u set n = 0
   where u.n <> 0
     and not exists (select 1 from public.messages m
                      where m.client_id = u.client_id and public.message_is_unread(m.read_at, m.sender_type));
end
$$;
comment on function public.conversation_unread_recount() is 'Counts every conversation''s unread messages again from messages (after a load with triggers off, or to repair).';
revoke all on function public.conversation_unread_recount() from public, anon, authenticated;
grant execute on function public.conversation_unread_recount() to service_role;
