-- Service interactions (atendimento): calls, messages, documents, meetings with a client,
-- optionally about a process. Staff read and write; clients see none.

create table public.interactions (
  id               uuid primary key default gen_random_uuid(),
  client_id        uuid not null references public.clients (id) on delete cascade,
  process_id       bigint references public.processes (id) on delete set null,
  type             text not null check (type in ('call', 'message', 'document', 'meeting', 'other')),
  content          text not null check (char_length(btrim(content)) >= 10),
  contact_date     timestamptz not null default now(),
  duration_minutes integer check (duration_minutes is null or duration_minutes > 0),
  status           text not null default 'completed' check (status in ('pending', 'completed', 'cancelled', 'scheduled')),
  created_by       uuid default auth.uid() references auth.users (id) on delete set null,
  created_by_name  text,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now()
);
comment on table public.interactions is 'Service interactions (atendimento) with clients.';
create index interactions_contact_date_idx on public.interactions (contact_date desc);
create index interactions_client_id_idx on public.interactions (client_id);
create index interactions_process_id_idx on public.interactions (process_id);
create index interactions_created_by_idx on public.interactions (created_by);
create index interactions_status_idx on public.interactions (status, contact_date desc);
create trigger interactions_set_updated_at before update on public.interactions
  for each row execute function public.set_updated_at();

-- "Registered by" shows a name: take it from the author's profile when the caller leaves it out.
create or replace function public.fill_interaction_author_name() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.created_by_name is null and new.created_by is not null then
    select coalesce(p.full_name, split_part(p.email, '@', 1)) into new.created_by_name
    from public.profiles p where p.id = new.created_by;
  end if;
  return new;
end
$$;
create trigger interactions_fill_author_name before insert on public.interactions
  for each row execute function public.fill_interaction_author_name();

alter table public.interactions enable row level security;
create policy "staff read interactions" on public.interactions
  for select to authenticated using ((select public.is_staff()));
create policy "staff add interactions" on public.interactions
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff change interactions" on public.interactions
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "staff remove interactions" on public.interactions
  for delete to authenticated using ((select public.is_staff()));
