-- Appointments with clients (in person or online), the overlap check the calendar warns with, and the
-- secret per-staff iCalendar feed tokens. Staff read and write every appointment; a client reads its own
-- and may only ask for one (status 'solicitado', for itself).

create table public.appointments (
  id               uuid primary key default gen_random_uuid(),
  client_id        uuid references public.clients (id) on delete cascade,
  staff_id         uuid references auth.users (id) on delete set null,
  process_id       bigint references public.processes (id) on delete set null,
  title            text check (title is null or char_length(btrim(title)) between 2 and 160),
  starts_at        timestamptz not null,
  duration_minutes integer not null default 60 check (duration_minutes between 5 and 720),
  kind             text not null default 'presencial' check (kind in ('presencial', 'online')),
  location         text,
  meeting_link     text check (meeting_link is null or meeting_link ~* '^https?://'),
  status           text not null default 'agendado'
                     check (status in ('solicitado', 'agendado', 'confirmado', 'realizado', 'cancelado')),
  notes            text,
  source           text check (source in ('uscis_biometrics')),
  source_ref       text,
  reminded_24h_at  timestamptz,
  reminded_1h_at   timestamptz,
  created_by       uuid default auth.uid() references auth.users (id) on delete set null,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  check (client_id is not null or title is not null)
);
comment on table public.appointments is 'Appointments of the office with clients (presencial or online); clients read their own and may request one.';
comment on column public.appointments.source is 'Set when the system created the appointment (e.g. from a USCIS biometrics notice).';
create index appointments_starts_at_idx on public.appointments (starts_at);
create index appointments_staff_idx on public.appointments (staff_id, starts_at);
create index appointments_client_idx on public.appointments (client_id, starts_at);
create index appointments_process_idx on public.appointments (process_id);
create index appointments_created_by_idx on public.appointments (created_by);
create unique index appointments_source_key on public.appointments (source, source_ref) where source is not null;
create trigger appointments_set_updated_at before update on public.appointments
  for each row execute function public.set_updated_at();
create trigger stamp_author before insert or update on public.appointments
  for each row execute function public.stamp_author('created_by');

alter table public.appointments enable row level security;
create policy "staff read appointments" on public.appointments
  for select to authenticated using ((select public.is_staff()));
create policy "staff add appointments" on public.appointments
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff change appointments" on public.appointments
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "staff remove appointments" on public.appointments
  for delete to authenticated using ((select public.is_staff()));
create policy "client reads own appointments" on public.appointments
  for select to authenticated using (client_id = (select public.current_client_id()));
create policy "client requests an appointment" on public.appointments
  for insert to authenticated
  with check (client_id = (select public.current_client_id()) and status = 'solicitado'
              and source is null and reminded_24h_at is null and reminded_1h_at is null);
revoke all on public.appointments from anon;

-- Appointments of one staff member that overlap [starts_at, starts_at + duration) and are not cancelled.
-- Security invoker: the caller sees only what its policies let it see.
create or replace function public.appointment_conflicts(
  p_staff_id uuid, p_starts_at timestamptz, p_duration integer, p_exclude uuid default null
) returns setof public.appointments
language sql stable
set search_path = ''
as $$
  select a.* from public.appointments a
  where a.staff_id = p_staff_id
    and a.status <> 'cancelado'
    and (p_exclude is null or a.id <> p_exclude)
    and tstzrange(a.starts_at, a.starts_at + make_interval(mins => a.duration_minutes))
        && tstzrange(p_starts_at, p_starts_at + make_interval(mins => greatest(p_duration, 1)))
  order by a.starts_at
$$;
comment on function public.appointment_conflicts(uuid, timestamptz, integer, uuid) is
  'Appointments of the staff member that overlap the given slot (cancelled ones excepted); the calendar warns with them.';
revoke execute on function public.appointment_conflicts(uuid, timestamptz, integer, uuid) from public, anon;
grant execute on function public.appointment_conflicts(uuid, timestamptz, integer, uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- iCalendar feeds: one secret token per staff member, stored only as its SHA-256.
-- ---------------------------------------------------------------------------
create table public.calendar_feeds (
  user_id    uuid primary key references auth.users (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);
comment on table public.calendar_feeds is 'Secret iCalendar feed of each staff member (SHA-256 of the token; the token is shown once).';
alter table public.calendar_feeds enable row level security;
create policy "users see own feed" on public.calendar_feeds
  for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.calendar_feeds from anon, authenticated;
grant select (user_id, created_at) on public.calendar_feeds to authenticated;
grant all on public.calendar_feeds to service_role;

-- A new secret for the caller's feed (the old URL stops working); returns the token, never stored in clear.
create or replace function public.rotate_calendar_feed_token() returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_token text := encode(extensions.gen_random_bytes(24), 'hex');
begin
  if not public.is_staff() then
    raise exception 'Apenas a equipe tem agenda' using errcode = 'insufficient_privilege';
  end if;
  insert into public.calendar_feeds (user_id, token_hash)
  values (auth.uid(), encode(extensions.digest(v_token, 'sha256'), 'hex'))
  on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = now();
  return v_token;
end
$$;
comment on function public.rotate_calendar_feed_token() is 'Staff: creates or replaces the secret token of the caller''s iCalendar feed and returns it.';
revoke execute on function public.rotate_calendar_feed_token() from public, anon;
grant execute on function public.rotate_calendar_feed_token() to authenticated, service_role;

-- What the feed shows: the appointments of the token's owner, from 30 days back. Service role only
-- (the agenda-ics function); the token is the authorisation.
create or replace function public.calendar_feed_events(p_token text)
returns table (id uuid, title text, client_name text, starts_at timestamptz, duration_minutes integer,
               kind text, location text, meeting_link text, status text, notes text, updated_at timestamptz,
               staff_name text)
language sql stable security definer
set search_path = ''
as $$
  select a.id, a.title, c.full_name, a.starts_at, a.duration_minutes, a.kind, a.location, a.meeting_link,
         a.status, a.notes, a.updated_at, coalesce(p.full_name, p.email)
  from public.calendar_feeds f
  join public.appointments a on a.staff_id = f.user_id
  left join public.clients c on c.id = a.client_id
  left join public.profiles p on p.id = f.user_id
  where f.token_hash = encode(extensions.digest(coalesce(p_token, ''), 'sha256'), 'hex')
    and a.starts_at >= now() - interval '30 days'
  order by a.starts_at
$$;
revoke execute on function public.calendar_feed_events(text) from public, anon, authenticated;
grant execute on function public.calendar_feed_events(text) to service_role;

-- Is there a feed with this token at all (an empty calendar is not an unknown token)?
create or replace function public.calendar_feed_owner(p_token text) returns text
language sql stable security definer
set search_path = ''
as $$
  select coalesce(p.full_name, p.email, 'Agenda')
  from public.calendar_feeds f left join public.profiles p on p.id = f.user_id
  where f.token_hash = encode(extensions.digest(coalesce(p_token, ''), 'sha256'), 'hex')
$$;
revoke execute on function public.calendar_feed_owner(text) from public, anon, authenticated;
grant execute on function public.calendar_feed_owner(text) to service_role;
