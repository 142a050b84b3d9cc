-- Following a process from outside: USCIS receipts and EOIR court cases with their status
-- histories, and what the office sends the client about a process (notifications, document requests).
-- Staff read and write; histories are append-only; clients see none of it.

create table public.uscis_receipts (
  id               uuid primary key default gen_random_uuid(),
  process_id       bigint not null references public.processes (id) on delete cascade,
  receipt_number   text not null unique check (receipt_number ~ '^[A-Z]{3}[0-9]{10}$'),
  last_status      text,
  last_checked_at  timestamptz,
  last_updated_at  timestamptz default now(),
  next_action_date date,
  created_by       uuid default auth.uid() references auth.users (id) on delete set null,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now()
);
comment on table public.uscis_receipts is 'USCIS receipt numbers the office monitors (3 letters + 10 digits).';
create index uscis_receipts_last_updated_at_idx on public.uscis_receipts (last_updated_at desc);
create index uscis_receipts_process_id_idx on public.uscis_receipts (process_id);
create index uscis_receipts_created_by_idx on public.uscis_receipts (created_by);
create trigger uscis_receipts_set_updated_at before update on public.uscis_receipts
  for each row execute function public.set_updated_at();

create table public.uscis_status_history (
  id         uuid primary key default gen_random_uuid(),
  receipt_id uuid not null references public.uscis_receipts (id) on delete cascade,
  status     text not null,
  details    text,
  updated_at timestamptz not null default now()
);
comment on table public.uscis_status_history is 'Every status a USCIS receipt went through (appended by the status checker).';
create index uscis_status_history_receipt_idx on public.uscis_status_history (receipt_id, updated_at desc);

create table public.eoir_court_cases (
  id                uuid primary key default gen_random_uuid(),
  a_number          text not null unique check (a_number ~ '^A[0-9]{8,9}$'),
  process_id        bigint not null references public.processes (id) on delete cascade,
  last_status       text,
  last_hearing_date timestamptz,
  court_location    text,
  judge_name        text,
  last_checked_at   timestamptz default now(),
  created_by        uuid default auth.uid() references auth.users (id) on delete set null,
  created_at        timestamptz not null default now(),
  updated_at        timestamptz not null default now()
);
comment on table public.eoir_court_cases is 'Immigration court (EOIR) cases followed by A-number.';
create index eoir_court_cases_last_checked_at_idx on public.eoir_court_cases (last_checked_at desc);
create index eoir_court_cases_process_id_idx on public.eoir_court_cases (process_id);
create index eoir_court_cases_created_by_idx on public.eoir_court_cases (created_by);
create trigger eoir_court_cases_set_updated_at before update on public.eoir_court_cases
  for each row execute function public.set_updated_at();

create table public.eoir_court_history (
  id             uuid primary key default gen_random_uuid(),
  court_case_id  uuid not null references public.eoir_court_cases (id) on delete cascade,
  status         text not null,
  details        text,
  hearing_date   timestamptz,
  court_location text,
  judge_name     text,
  updated_at     timestamptz not null default now()
);
comment on table public.eoir_court_history is 'Every check of an EOIR case (appended by the court checker).';
create index eoir_court_history_case_idx on public.eoir_court_history (court_case_id, updated_at desc);

create table public.process_notifications (
  id                   uuid primary key default gen_random_uuid(),
  process_id           bigint not null references public.processes (id) on delete cascade,
  notification_type    text not null check (notification_type in ('stage_update', 'document_request')),
  notification_channel text not null default 'email' check (notification_channel in ('email', 'whatsapp')),
  content              text not null check (char_length(btrim(content)) >= 1),
  recipient            text,
  status               text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  sent_at              timestamptz,
  created_by           uuid default auth.uid() references auth.users (id) on delete set null,
  created_at           timestamptz not null default now()
);
comment on table public.process_notifications is 'Messages to the client about a process (stage update, document request), by e-mail or WhatsApp.';
comment on column public.process_notifications.recipient is 'The client the notification is for (name, e-mail or phone).';
create index process_notifications_process_idx on public.process_notifications (process_id, created_at desc);
create index process_notifications_created_by_idx on public.process_notifications (created_by);

create table public.document_requests (
  id                   uuid primary key default gen_random_uuid(),
  process_id           bigint not null references public.processes (id) on delete cascade,
  document_name        text not null check (char_length(btrim(document_name)) >= 2),
  document_description text,
  is_required          boolean not null default true,
  status               text not null default 'pending' check (status in ('pending', 'fulfilled')),
  fulfilled_at         timestamptz,
  requested_at         timestamptz not null default now(),
  created_at           timestamptz not null default now(),
  updated_at           timestamptz not null default now()
);
comment on table public.document_requests is 'Documents the office asked the client for, per process (pending or fulfilled).';
create index document_requests_process_idx on public.document_requests (process_id, created_at desc);
create trigger document_requests_set_updated_at before update on public.document_requests
  for each row execute function public.set_updated_at();

-- RLS: staff read and write; histories take inserts only (they are a record of what was seen).
alter table public.uscis_receipts enable row level security;
create policy "staff read receipts" on public.uscis_receipts
  for select to authenticated using ((select public.is_staff()));
create policy "staff add receipts" on public.uscis_receipts
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff change receipts" on public.uscis_receipts
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "staff remove receipts" on public.uscis_receipts
  for delete to authenticated using ((select public.is_staff()));

alter table public.uscis_status_history enable row level security;
create policy "staff read receipt history" on public.uscis_status_history
  for select to authenticated using ((select public.is_staff()));
create policy "staff append receipt history" on public.uscis_status_history
  for insert to authenticated with check ((select public.is_staff()));

alter table public.eoir_court_cases enable row level security;
create policy "staff read court cases" on public.eoir_court_cases
  for select to authenticated using ((select public.is_staff()));
create policy "staff add court cases" on public.eoir_court_cases
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff change court cases" on public.eoir_court_cases
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "staff remove court cases" on public.eoir_court_cases
  for delete to authenticated using ((select public.is_staff()));

alter table public.eoir_court_history enable row level security;
create policy "staff read court history" on public.eoir_court_history
  for select to authenticated using ((select public.is_staff()));
create policy "staff append court history" on public.eoir_court_history
  for insert to authenticated with check ((select public.is_staff()));

alter table public.process_notifications enable row level security;
create policy "staff read notifications" on public.process_notifications
  for select to authenticated using ((select public.is_staff()));
create policy "staff add notifications" on public.process_notifications
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff change notifications" on public.process_notifications
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "staff remove notifications" on public.process_notifications
  for delete to authenticated using ((select public.is_staff()));

alter table public.document_requests enable row level security;
create policy "staff read document requests" on public.document_requests
  for select to authenticated using ((select public.is_staff()));
create policy "staff add document requests" on public.document_requests
  for insert to authenticated with check ((select public.is_staff()));
create policy "staff change document requests" on public.document_requests
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "staff remove document requests" on public.document_requests
  for delete to authenticated using ((select public.is_staff()));
