-- Notifications that arrive: the in-app feed (notifications), the outbox of deliveries by e-mail and
-- WhatsApp (notification_deliveries), the clients' per-channel consent (LGPD) and public.notify(), which
-- every area calls from SQL to tell someone something. A worker in the stack delivers the outbox rows.

-- ---------------------------------------------------------------------------
-- notifications: one row per recipient user, read in the app (the bell listens to INSERTs)
-- ---------------------------------------------------------------------------
create table public.notifications (
  id              uuid primary key default gen_random_uuid(),
  user_id         uuid not null references auth.users (id) on delete cascade,
  kind            text not null,
  title           text not null,
  body            text,
  link            text,
  client_id       uuid null,
  process_id      integer null,
  created_at      timestamptz not null default now(),
  read_at         timestamptz null,
  idempotency_key text unique
);
comment on table public.notifications is 'In-app notifications, one per recipient user; read_at is set when the user reads it.';
comment on column public.notifications.idempotency_key is 'Set by notify() callers that may run twice (jobs): the second call returns the first row.';
create index notifications_user_idx on public.notifications (user_id, created_at desc);
create index notifications_unread_idx on public.notifications (user_id) where read_at is null;

alter table public.notifications enable row level security;
create policy "users read own notifications" on public.notifications
  for select to authenticated using (user_id = (select auth.uid()));
create policy "users mark own notifications read" on public.notifications
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
revoke all on public.notifications from anon, authenticated;
grant select on public.notifications to authenticated;
grant update (read_at) on public.notifications to authenticated;
grant all on public.notifications to service_role;

-- ---------------------------------------------------------------------------
-- client_channel_consents: a client opts in per channel; the time of consent is kept (LGPD)
-- ---------------------------------------------------------------------------
create table public.client_channel_consents (
  client_id  uuid not null references public.clients (id) on delete cascade,
  channel    text not null check (channel in ('email', 'whatsapp')),
  granted    boolean not null,
  phone      text check (phone is null or phone ~ '^\+[1-9][0-9]{7,14}$'),
  granted_at timestamptz,
  revoked_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (client_id, channel),
  check (channel <> 'whatsapp' or not granted or phone is not null),
  check (not granted or granted_at is not null)
);
comment on table public.client_channel_consents is
  'Per client and channel (email, whatsapp): whether the client agreed to receive notifications, and when (LGPD).';
comment on column public.client_channel_consents.phone is 'WhatsApp number in E.164 (+<country><number>).';

alter table public.client_channel_consents enable row level security;
create policy "staff read consents" on public.client_channel_consents
  for select to authenticated using ((select public.is_staff()));
create policy "client reads own consents" on public.client_channel_consents
  for select to authenticated using (client_id = (select public.current_client_id()));
-- Writes go through set_channel_consent(): only the client itself decides.
revoke all on public.client_channel_consents from anon, authenticated;
grant select on public.client_channel_consents to authenticated;
grant all on public.client_channel_consents to service_role;

-- A phone as E.164, or null when it cannot be read as one. Numbers without a country code are taken as
-- US numbers only when they have exactly 10 digits (the office is in the US); anything else needs '+'.
create or replace function public.phone_e164(p_phone text) returns text
language sql immutable
set search_path = ''
as $$
  select case
    when p_phone is null then null
    when btrim(p_phone) ~ '^\+' and regexp_replace(p_phone, '[^0-9]', '', 'g') ~ '^[1-9][0-9]{7,14}$'
      then '+' || regexp_replace(p_phone, '[^0-9]', '', 'g')
    when btrim(p_phone) !~ '^\+' and regexp_replace(p_phone, '[^0-9]', '', 'g') ~ '^[2-9][0-9]{9}$'
      then '+1' || regexp_replace(p_phone, '[^0-9]', '', 'g')
    else null
  end
$$;
comment on function public.phone_e164(text) is 'The phone in E.164, or null (10 digits without + are read as US numbers).';

create or replace function public.set_channel_consent(p_channel text, p_granted boolean, p_phone text default null)
returns public.client_channel_consents
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_client_id uuid := public.current_client_id();
  v_phone text;
  v_row public.client_channel_consents;
begin
  if v_client_id is null then
    raise exception 'Apenas o próprio cliente autoriza seus canais' using errcode = 'insufficient_privilege';
  end if;
  if p_channel not in ('email', 'whatsapp') then
    raise exception 'Canal inválido' using errcode = 'check_violation';
  end if;
  if p_channel = 'whatsapp' and p_granted then
    v_phone := public.phone_e164(coalesce(nullif(btrim(p_phone), ''),
                                          (select c.phone from public.clients c where c.id = v_client_id)));
    if v_phone is null then
      raise exception 'Telefone inválido: use o formato internacional, ex.: +5511912345678'
        using errcode = 'check_violation';
    end if;
  end if;
  insert into public.client_channel_consents as cc (client_id, channel, granted, phone, granted_at, revoked_at)
  values (v_client_id, p_channel, p_granted, v_phone,
          case when p_granted then now() end, case when not p_granted then now() end)
  on conflict (client_id, channel) do update
    set granted = excluded.granted,
        phone = coalesce(excluded.phone, cc.phone),
        -- the consent time is the time of the last opt-in; an opt-out keeps it and records its own time
        granted_at = case when excluded.granted then now() else cc.granted_at end,
        revoked_at = case when excluded.granted then null else now() end,
        updated_at = now()
  returning * into v_row;
  return v_row;
end
$$;
comment on function public.set_channel_consent(text, boolean, text) is
  'Client only: opts in or out of a notification channel (email, whatsapp + E.164 phone); records the time.';
revoke execute on function public.set_channel_consent(text, boolean, text) from public, anon;
grant execute on function public.set_channel_consent(text, boolean, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- notification_deliveries: the outbox. One row per notification and channel; the stack's worker
-- claims due rows (status queued/failed, next_attempt_at <= now()), marks them 'sending' with a lease,
-- calls the provider with idempotency_key, then marks them sent, failed (retry later) or dead.
-- ---------------------------------------------------------------------------
create table public.notification_deliveries (
  id                  uuid primary key default gen_random_uuid(),
  notification_id     uuid references public.notifications (id) on delete set null,
  user_id             uuid references auth.users (id) on delete set null,
  channel             text not null check (channel in ('email', 'whatsapp', 'in_app')),
  recipient           text not null,
  template            text not null,
  payload             jsonb not null default '{}'::jsonb,
  status              text not null default 'queued'
                        check (status in ('queued', 'sending', 'sent', 'failed', 'dead')),
  attempts            integer not null default 0 check (attempts >= 0),
  next_attempt_at     timestamptz not null default now(),
  lease_until         timestamptz,
  provider_message_id text,
  provider_status     text,
  provider_status_at  timestamptz,
  idempotency_key     text not null unique,
  last_error          text,
  created_at          timestamptz not null default now(),
  sent_at             timestamptz
);
comment on table public.notification_deliveries is
  'Outbox of notifications to deliver by e-mail or WhatsApp (in_app rows record the in-app copy, sent at once).';
comment on column public.notification_deliveries.lease_until is
  'While status is sending: until when the worker that claimed the row owns it; after that it is retried.';
comment on column public.notification_deliveries.provider_status is
  'Last status reported by the provider (WhatsApp webhooks: sent, delivered, read, failed).';
create index notification_deliveries_due_idx on public.notification_deliveries (next_attempt_at)
  where status in ('queued', 'failed');
create index notification_deliveries_lease_idx on public.notification_deliveries (lease_until)
  where status = 'sending';
create index notification_deliveries_status_idx on public.notification_deliveries (status, created_at desc);
create index notification_deliveries_notification_idx on public.notification_deliveries (notification_id);
create index notification_deliveries_provider_idx on public.notification_deliveries (provider_message_id)
  where provider_message_id is not null;

alter table public.notification_deliveries enable row level security;
create policy "administrators read deliveries" on public.notification_deliveries
  for select to authenticated using ((select public.has_role('administrator')));
revoke all on public.notification_deliveries from anon, authenticated;
grant select on public.notification_deliveries to authenticated;
grant all on public.notification_deliveries to service_role;

create or replace function public.resend_delivery(p_id uuid) returns public.notification_deliveries
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_row public.notification_deliveries;
begin
  if not public.has_role('administrator') then
    raise exception 'Apenas administradores reenviam notificações' using errcode = 'insufficient_privilege';
  end if;
  update public.notification_deliveries d
     set status = 'queued', attempts = 0, next_attempt_at = now(), lease_until = null
   where d.id = p_id and d.status in ('dead', 'failed')
  returning * into v_row;
  if v_row.id is null then
    raise exception 'Envio não encontrado ou não está com falha' using errcode = 'no_data_found';
  end if;
  return v_row;
end
$$;
comment on function public.resend_delivery(uuid) is 'Administrators: queues a dead (or failed) delivery again, attempts reset.';
revoke execute on function public.resend_delivery(uuid) from public, anon;
grant execute on function public.resend_delivery(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- notify(): the in-app notification plus one outbox row per channel the recipient opted into
-- ---------------------------------------------------------------------------
create or replace function public.notify(
  p_user_id uuid,
  p_kind text,
  p_title text,
  p_body text default null,
  p_link text default null,
  p_payload jsonb default '{}'::jsonb,
  p_idempotency_key text default null
) returns uuid
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_id uuid;
  v_key text;
  v_client public.clients;
  v_consent record;
  v_payload jsonb;
begin
  if p_user_id is null then
    return null;
  end if;
  if p_idempotency_key is not null then
    select n.id into v_id from public.notifications n where n.idempotency_key = p_idempotency_key;
    if v_id is not null then
      return v_id;
    end if;
  end if;

  insert into public.notifications (user_id, kind, title, body, link, client_id, process_id, idempotency_key)
  values (p_user_id, p_kind, p_title, p_body, p_link,
          nullif(p_payload ->> 'client_id', '')::uuid, nullif(p_payload ->> 'process_id', '')::integer,
          p_idempotency_key)
  on conflict (idempotency_key) do nothing
  returning id into v_id;
  if v_id is null then  -- a concurrent call with the same key won
    select n.id into v_id from public.notifications n where n.idempotency_key = p_idempotency_key;
    return v_id;
  end if;

  v_key := coalesce(p_idempotency_key, v_id::text);
  select c.* into v_client from public.clients c where c.user_id = p_user_id;
  v_payload := coalesce(p_payload, '{}'::jsonb) || jsonb_build_object(
    'notification_id', v_id, 'kind', p_kind, 'title', p_title, 'body', p_body, 'link', p_link,
    'recipient_name', coalesce(v_client.full_name,
                               (select p.full_name from public.profiles p where p.id = p_user_id)));

  insert into public.notification_deliveries
    (notification_id, user_id, channel, recipient, template, payload, status, idempotency_key, sent_at)
  values (v_id, p_user_id, 'in_app', p_user_id::text, p_kind, v_payload, 'sent', v_key || ':in_app', now());

  -- Outside channels only for clients, and only those they opted into.
  if v_client.id is not null then
    for v_consent in
      select cc.channel, cc.phone from public.client_channel_consents cc
       where cc.client_id = v_client.id and cc.granted
       order by cc.channel
    loop
      insert into public.notification_deliveries
        (notification_id, user_id, channel, recipient, template, payload, idempotency_key)
      values (v_id, p_user_id, v_consent.channel,
              case v_consent.channel when 'email' then v_client.email else v_consent.phone end,
              p_kind, v_payload, v_key || ':' || v_consent.channel)
      on conflict (idempotency_key) do nothing;
    end loop;
  end if;
  return v_id;
end
$$;
comment on function public.notify(uuid, text, text, text, text, jsonb, text) is
  'From SQL only: creates the in-app notification and one outbox row per channel the recipient opted into; idempotent on the key.';
revoke execute on function public.notify(uuid, text, text, text, text, jsonb, text) from public, anon, authenticated;
grant execute on function public.notify(uuid, text, text, text, text, jsonb, text) to service_role;

-- The bell listens to INSERTs.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  if not exists (select 1 from pg_publication_tables
                 where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'notifications') then
    alter publication supabase_realtime add table public.notifications;
  end if;
end
$$;
