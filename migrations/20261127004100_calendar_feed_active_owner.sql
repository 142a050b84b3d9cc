-- An iCalendar feed answers only while its owner is an active staff member: holding a staff role, not
-- banned and not deleted. Removing the roles or banning the account closes the feed at once (the URL
-- was handed to outside calendars, which keep polling it).

create or replace function public.calendar_feed_active_owner(p_token text) returns uuid
language sql stable security definer
set search_path = ''
as $$
  select f.user_id
    from public.calendar_feeds f
    join auth.users u on u.id = f.user_id
   where f.token_hash = encode(extensions.digest(coalesce(p_token, ''), 'sha256'), 'hex')
     and u.deleted_at is null
     and (u.banned_until is null or u.banned_until <= now())
     and public.is_staff_user(f.user_id)
$$;
comment on function public.calendar_feed_active_owner(text) is
  'The owner of the feed with this token while that owner is active staff (a staff role, not banned, not deleted); else null.';
revoke execute on function public.calendar_feed_active_owner(text) from public, anon, authenticated;
grant execute on function public.calendar_feed_active_owner(text) to service_role;

create or replace function public.calendar_feed_events(p_token text)
returns table (id uuid, title text, client_name text, starts_at timestamptz, duration_minutes integer,
               kind text, location text, meeting_link text, status text, notes text, updated_at timestamptz,
               staff_name text)
language sql stable security definer
set search_path = ''
as $$
  select a.id, a.title, c.full_name, a.starts_at, a.duration_minutes, a.kind, a.location, a.meeting_link,
         a.status, a.notes, a.updated_at, coalesce(p.full_name, p.email)
  from public.appointments a
  left join public.clients c on c.id = a.client_id
  left join public.profiles p on p.id = a.staff_id
  where a.staff_id = public.calendar_feed_active_owner(p_token)
    and a.starts_at >= now() - interval '30 days'
  order by a.starts_at
$$;
revoke execute on function public.calendar_feed_events(text) from public, anon, authenticated;
grant execute on function public.calendar_feed_events(text) to service_role;

create or replace function public.calendar_feed_owner(p_token text) returns text
language sql stable security definer
set search_path = ''
as $$
  select coalesce(p.full_name, p.email, 'Agenda')
  from (select public.calendar_feed_active_owner(p_token) as id) o
  left join public.profiles p on p.id = o.id
  where o.id is not null
$$;
revoke execute on function public.calendar_feed_owner(text) from public, anon, authenticated;
grant execute on function public.calendar_feed_owner(text) to service_role;
