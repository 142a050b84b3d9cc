-- Clients answer on WhatsApp: one conversation per client across portal, WhatsApp and e-mail.
--
-- messages.channel says where a message came from or went to. Inbound WhatsApp messages arrive through the
-- whatsapp-webhook function (service_role) and public.whatsapp_receive; each WhatsApp message id is stored
-- once (whatsapp_inbound_events), so Meta's repeated deliveries change nothing. Staff answer through
-- public.send_whatsapp_reply: a free-form text only inside the 24-hour customer-service window (from the
-- client's last inbound WhatsApp message), an approved template otherwise; the reply goes out through the
-- outbox (notification_deliveries) and its delivery status is copied onto the message.
-- Staff cannot write a WhatsApp or e-mail message directly: a row that says 'whatsapp' has really gone (or
-- come) through WhatsApp.

alter table public.messages
  add column channel text not null default 'portal' check (channel in ('portal', 'whatsapp', 'email')),
  add column whatsapp_message_id text unique
    check (whatsapp_message_id is null or whatsapp_message_id ~ '^[A-Za-z0-9._:=+/-]{1,200}$'),
  add column media_type text
    check (media_type is null or media_type in ('image', 'document', 'audio', 'video', 'sticker')),
  add column document_id uuid references public.client_documents (id) on delete set null,
  add column delivery_id uuid references public.notification_deliveries (id) on delete set null,
  add column delivery_status text
    check (delivery_status is null or delivery_status in ('queued', 'sent', 'delivered', 'read', 'failed'));
comment on column public.messages.channel is 'Where the message came from or went to: portal, whatsapp or email.';
comment on column public.messages.whatsapp_message_id is 'The WhatsApp message id (wamid) of an inbound message; stored once.';
comment on column public.messages.media_type is 'Kind of media a WhatsApp message carried (image, document, audio, video, sticker).';
comment on column public.messages.document_id is 'The client document holding the media a WhatsApp message carried.';
comment on column public.messages.delivery_id is 'The outbox row that carries an office reply on WhatsApp.';
comment on column public.messages.delivery_status is 'Delivery of an office WhatsApp reply: queued, sent, delivered, read or failed.';
create index messages_delivery_idx on public.messages (delivery_id) where delivery_id is not null;
create index messages_document_idx on public.messages (document_id) where document_id is not null;
create index messages_whatsapp_inbound_idx on public.messages (client_id, created_at desc)
  where channel = 'whatsapp' and sender_type = 'client';

-- Direct inserts stay on the portal channel (WhatsApp goes through the webhook and the reply RPC).
drop policy "staff write as office" on public.messages;
create policy "staff write as office" on public.messages for insert to authenticated
  with check ((select public.is_staff()) and sender_type = 'office' and sender_id = (select auth.uid())
              and channel = 'portal' and whatsapp_message_id is null and delivery_id is null
              and delivery_status is null and document_id is null and media_type is null);
drop policy "client writes own as client" on public.messages;
create policy "client writes own as client" on public.messages for insert to authenticated
  with check (client_id = (select public.current_client_id()) and sender_type = 'client'
              and sender_id = (select auth.uid())
              and (attachment_url is null or public.is_own_client_path(attachment_url))
              and channel = 'portal' and whatsapp_message_id is null and delivery_id is null
              and delivery_status is null and document_id is null and media_type is null);

-- Conversation state per client: who answers it and whether it is resolved (unread counts come from
-- messages.read_at, as before).
create table public.conversations (
  client_id uuid primary key references public.clients (id) on delete cascade,
  assigned_to uuid references public.profiles (id) on delete set null,
  resolved_at timestamptz,
  resolved_by uuid references public.profiles (id) on delete set null,
  whatsapp_last_inbound_at timestamptz,
  updated_at timestamptz not null default now()
);
comment on table public.conversations is 'Per client: the staff member assigned to the conversation, whether it is resolved, and the last inbound WhatsApp message (the 24-hour window).';
create index conversations_assigned_idx on public.conversations (assigned_to) where assigned_to is not null;
create index conversations_resolved_by_idx on public.conversations (resolved_by) where resolved_by is not null;
alter table public.conversations enable row level security;
create policy "staff read conversations" on public.conversations for select to authenticated
  using ((select public.is_staff()));
create policy "staff open conversations" on public.conversations for insert to authenticated
  with check ((select public.is_staff()) and whatsapp_last_inbound_at is null);
create policy "staff change conversations" on public.conversations for update to authenticated
  using ((select public.is_staff())) with check ((select public.is_staff()));
revoke all on public.conversations from anon;
grant select, insert, update on public.conversations to authenticated;
grant all on public.conversations to service_role;

create or replace function public.guard_conversation() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- the window is the database's to keep: only inbound messages move it
  if current_user in ('authenticated', 'anon') then
    if tg_op = 'UPDATE' then
      new.whatsapp_last_inbound_at := old.whatsapp_last_inbound_at;
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
create trigger conversations_guard before insert or update on public.conversations
  for each row execute function public.guard_conversation();

-- A client's message (any channel) reopens its conversation; a WhatsApp one moves the window.
create or replace function public.touch_conversation() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.sender_type = 'client' then
    insert into public.conversations as c (client_id, whatsapp_last_inbound_at)
    values (new.client_id, case when new.channel = 'whatsapp' then new.created_at end)
    on conflict (client_id) do update
      set resolved_at = null, resolved_by = null,
          whatsapp_last_inbound_at = greatest(c.whatsapp_last_inbound_at, excluded.whatsapp_last_inbound_at),
          updated_at = now();
  end if;
  return new;
end
$$;
revoke all on function public.touch_conversation() from public;
create trigger messages_touch_conversation after insert on public.messages
  for each row execute function public.touch_conversation();

-- Every inbound WhatsApp message id, once (a client's or an unknown number's).
create table public.whatsapp_inbound_events (
  message_id text primary key check (message_id ~ '^[A-Za-z0-9._:=+/-]{1,200}$'),
  wa_from text not null check (wa_from ~ '^\+[1-9][0-9]{7,14}$'),
  client_id uuid references public.clients (id) on delete set null,
  lead_id uuid references public.leads (id) on delete set null,
  kind text not null,
  received_at timestamptz not null default now()
);
comment on table public.whatsapp_inbound_events is 'Each inbound WhatsApp message id, recorded once (duplicate deliveries are ignored); written by whatsapp_receive.';
create index whatsapp_inbound_events_client_idx on public.whatsapp_inbound_events (client_id) where client_id is not null;
create index whatsapp_inbound_events_lead_idx on public.whatsapp_inbound_events (lead_id) where lead_id is not null;
alter table public.whatsapp_inbound_events enable row level security;
create policy "administrator reads inbound events" on public.whatsapp_inbound_events for select to authenticated
  using ((select public.has_role('administrator')));
revoke all on public.whatsapp_inbound_events from anon, authenticated;
grant select on public.whatsapp_inbound_events to authenticated;
grant all on public.whatsapp_inbound_events to service_role;

-- The client a WhatsApp number belongs to: the WhatsApp consent's number, else clients.phone. Brazilian
-- mobiles may arrive without the ninth digit (+55 DD 8 digits): both forms are tried.
create or replace function public.whatsapp_client_for(p_from text) returns uuid
language sql stable security definer
set search_path = ''
as $$
  with variants as (
    select p_from as phone
    union select '+55' || substr(p_from, 4, 2) || '9' || substr(p_from, 6)
     where p_from ~ '^\+55[1-9][0-9][0-9]{8}$'
    union select '+55' || substr(p_from, 4, 2) || substr(p_from, 7)
     where p_from ~ '^\+55[1-9][0-9]9[0-9]{8}$'
  )
  select coalesce(
    (select cc.client_id from public.client_channel_consents cc
      where cc.channel = 'whatsapp' and cc.phone in (select phone from variants)
      order by cc.updated_at desc limit 1),
    (select c.id from public.clients c
      where public.phone_e164(c.phone) in (select phone from variants)
      order by c.created_at limit 1))
$$;
revoke all on function public.whatsapp_client_for(text) from public;
grant execute on function public.whatsapp_client_for(text) to service_role;

-- The approved templates a reply may use outside the window (kinds of Integrações > WhatsApp > templates).
create or replace function public.whatsapp_reply_templates() returns text[]
language sql immutable
set search_path = ''
as $$ select array['office_message', 'document_request', 'reminder'] $$;
revoke all on function public.whatsapp_reply_templates() from public;
grant execute on function public.whatsapp_reply_templates() to authenticated, service_role;

create or replace function public.whatsapp_window_open(p_client_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select c.whatsapp_last_inbound_at > now() - interval '24 hours'
                     from public.conversations c where c.client_id = p_client_id), false)
$$;
comment on function public.whatsapp_window_open(uuid) is 'True while the client''s last inbound WhatsApp message is less than 24 hours old (free-form replies allowed).';
revoke all on function public.whatsapp_window_open(uuid) from public;
grant execute on function public.whatsapp_window_open(uuid) to authenticated, service_role;

-- Queue one WhatsApp message of the office to a client on the outbox, recorded in the conversation.
create or replace function public.queue_whatsapp_message(p_client_id uuid, p_phone text, p_content text,
                                                         p_template text, p_sender uuid) returns public.messages
language plpgsql security definer
set search_path = ''
as $$
declare
  v_message public.messages;
  v_delivery uuid;
begin
  insert into public.messages (client_id, sender_type, sender_id, content, channel, delivery_status)
  values (p_client_id, 'office', p_sender, p_content, 'whatsapp', 'queued')
  returning * into v_message;
  insert into public.notification_deliveries
    (user_id, channel, recipient, template, payload, idempotency_key)
  values ((select c.user_id from public.clients c where c.id = p_client_id), 'whatsapp', p_phone,
          coalesce(p_template, 'text'),
          jsonb_build_object('type', case when p_template is null then 'text' else 'template' end,
                             'text', p_content, 'title', 'Mensagem do escritório', 'body', p_content,
                             'client_id', p_client_id, 'message_id', v_message.id),
          'message:' || v_message.id || ':whatsapp')
  returning id into v_delivery;
  update public.messages set delivery_id = v_delivery where id = v_message.id returning * into v_message;
  return v_message;
end
$$;
revoke all on function public.queue_whatsapp_message(uuid, text, text, text, uuid) from public;

-- Staff reply on WhatsApp. Refused (pt-BR message) without the client's WhatsApp consent, and for a
-- free-form text outside the 24-hour window (only an approved template then).
create or replace function public.send_whatsapp_reply(p_client_id uuid, p_content text, p_template text default null)
returns public.messages
language plpgsql security definer
set search_path = ''
as $$
declare
  v_phone text;
  v_content text := btrim(coalesce(p_content, ''));
begin
  if not public.is_staff() then
    raise exception 'Apenas a equipe responde pelo WhatsApp' using errcode = 'insufficient_privilege';
  end if;
  if char_length(v_content) < 1 or char_length(v_content) > 4000 then
    raise exception 'Escreva a mensagem (até 4000 caracteres)' using errcode = 'check_violation';
  end if;
  select cc.phone into v_phone from public.client_channel_consents cc
   where cc.client_id = p_client_id and cc.channel = 'whatsapp' and cc.granted and cc.phone is not null;
  if v_phone is null then
    raise exception 'O cliente não autorizou mensagens pelo WhatsApp' using errcode = 'check_violation';
  end if;
  if p_template is not null and not (p_template = any (public.whatsapp_reply_templates())) then
    raise exception 'Modelo de mensagem não aprovado' using errcode = 'check_violation';
  end if;
  if p_template is null and not public.whatsapp_window_open(p_client_id) then
    raise exception 'Fora da janela de 24 horas: o cliente não escreve pelo WhatsApp há mais de 24 horas; use um modelo aprovado'
      using errcode = 'check_violation';
  end if;
  return public.queue_whatsapp_message(p_client_id, v_phone, v_content, p_template, auth.uid());
end
$$;
comment on function public.send_whatsapp_reply(uuid, text, text) is 'Staff: answers a client on WhatsApp through the outbox; free-form text only inside the 24-hour window, else an approved template (whatsapp_reply_templates).';
revoke all on function public.send_whatsapp_reply(uuid, text, text) from public;
grant execute on function public.send_whatsapp_reply(uuid, text, text) to authenticated, service_role;

-- Inbound WhatsApp message (the whatsapp-webhook function, service_role). Returns what happened:
-- {outcome: 'duplicate' | 'message' | 'lead' | 'stopped', client_id, message_id, lead_id}.
create or replace function public.whatsapp_receive(p_message_id text, p_from text, p_kind text, p_content text,
                                                   p_at timestamptz default now(), p_profile_name text default null)
returns jsonb
language plpgsql security definer
set search_path = ''
as $$
declare
  v_from text := public.phone_e164('+' || regexp_replace(coalesce(p_from, ''), '[^0-9]', '', 'g'));
  v_client uuid;
  v_lead uuid;
  v_message public.messages;
  v_content text := left(nullif(btrim(coalesce(p_content, '')), ''), 4000);
  v_at timestamptz := least(coalesce(p_at, now()), now());
  v_media text := case when p_kind in ('image', 'document', 'audio', 'video', 'sticker') then p_kind end;
begin
  if v_from is null then
    raise exception 'Número de WhatsApp inválido' using errcode = 'check_violation';
  end if;
  if p_message_id is null or p_message_id !~ '^[A-Za-z0-9._:=+/-]{1,200}$' then
    raise exception 'Identificador de mensagem inválido' using errcode = 'check_violation';
  end if;
  insert into public.whatsapp_inbound_events (message_id, wa_from, kind)
  values (p_message_id, v_from, left(coalesce(p_kind, 'unknown'), 40))
  on conflict (message_id) do nothing;
  if not found then
    return jsonb_build_object('outcome', 'duplicate');
  end if;
  v_content := coalesce(v_content, case v_media
    when 'image' then 'Imagem recebida pelo WhatsApp' when 'document' then 'Documento recebido pelo WhatsApp'
    when 'audio' then 'Áudio recebido pelo WhatsApp' when 'video' then 'Vídeo recebido pelo WhatsApp'
    when 'sticker' then 'Figurinha recebida pelo WhatsApp' else 'Mensagem recebida pelo WhatsApp' end);

  v_client := public.whatsapp_client_for(v_from);
  if v_client is null then
    select l.id into v_lead from public.leads l
     where public.phone_e164(l.phone) = v_from and l.client_id is null and l.stage not in ('fechado', 'perdido')
     order by l.created_at desc limit 1;
    if v_lead is null then
      insert into public.leads (name, phone, source, notes, created_by)
      values (case when char_length(btrim(coalesce(p_profile_name, ''))) >= 3
                   then left(btrim(p_profile_name), 160) else 'WhatsApp ' || v_from end,
              v_from, 'whatsapp', 'WhatsApp: ' || v_content, null)
      returning id into v_lead;
    else
      update public.leads set notes = left(coalesce(notes || e'\n', '') || 'WhatsApp: ' || v_content, 10000),
                              updated_at = now()
       where id = v_lead;
    end if;
    update public.whatsapp_inbound_events set lead_id = v_lead where message_id = p_message_id;
    return jsonb_build_object('outcome', 'lead', 'lead_id', v_lead);
  end if;

  update public.whatsapp_inbound_events set client_id = v_client where message_id = p_message_id;
  insert into public.messages (client_id, sender_type, sender_id, content, channel, whatsapp_message_id,
                               media_type, created_at)
  values (v_client, 'client', (select c.user_id from public.clients c where c.id = v_client), v_content,
          'whatsapp', p_message_id, v_media, v_at)
  returning * into v_message;

  if p_kind = 'text' and upper(btrim(coalesce(p_content, ''))) in ('PARAR', 'STOP', 'SAIR', 'CANCELAR') then
    -- opt-out: recorded on the consent, nothing queued goes out, and one confirmation answers it
    insert into public.client_channel_consents as cc (client_id, channel, granted, phone, revoked_at)
    values (v_client, 'whatsapp', false, v_from, now())
    on conflict (client_id, channel) do update
      set granted = false, revoked_at = now(), updated_at = now(), phone = coalesce(cc.phone, excluded.phone);
    update public.notification_deliveries d
       set status = 'dead', last_error = 'WhatsApp: o cliente pediu para não receber mensagens', lease_until = null
     where d.channel = 'whatsapp' and d.status in ('queued', 'failed')
       and (d.user_id = (select c.user_id from public.clients c where c.id = v_client)
            or d.payload ->> 'client_id' = v_client::text);
    update public.messages m set delivery_status = 'failed'
     where m.client_id = v_client and m.delivery_status = 'queued'
       and m.delivery_id in (select d.id from public.notification_deliveries d where d.status = 'dead');
    perform public.queue_whatsapp_message(v_client, v_from,
      'Pronto: você não receberá mais mensagens do escritório pelo WhatsApp. Para voltar a receber, ative o WhatsApp no portal do cliente.',
      null, null);
    return jsonb_build_object('outcome', 'stopped', 'client_id', v_client, 'message_id', v_message.id);
  end if;
  return jsonb_build_object('outcome', 'message', 'client_id', v_client, 'message_id', v_message.id);
end
$$;
comment on function public.whatsapp_receive(text, text, text, text, timestamptz, text) is 'service_role (the whatsapp-webhook function): stores an inbound WhatsApp message once, in its client''s conversation or as a CRM lead; PARAR/STOP turns WhatsApp consent off.';
revoke all on function public.whatsapp_receive(text, text, text, text, timestamptz, text) from public;
grant execute on function public.whatsapp_receive(text, text, text, text, timestamptz, text) to service_role;

-- A WhatsApp message's media stored as a client document (the webhook, after downloading it). With exactly
-- one open document request for the client, the file answers it at once.
create or replace function public.whatsapp_attach_media(p_message_id uuid, p_path text, p_name text)
returns public.client_documents
language plpgsql security definer
set search_path = ''
as $$
declare
  v_message public.messages;
  v_doc public.client_documents;
  v_requests uuid[];
begin
  select * into v_message from public.messages where id = p_message_id and channel = 'whatsapp'
                                                  and sender_type = 'client';
  if v_message.id is null or split_part(p_path, '/', 1) <> v_message.client_id::text then
    raise exception 'Mensagem ou caminho inválido' using errcode = 'check_violation';
  end if;
  select array_agg(r.id) into v_requests
    from public.document_requests r join public.processes p on p.id = r.process_id
   where p.client_id = v_message.client_id and r.status = 'pending';
  insert into public.client_documents (client_id, name, file_path, uploaded_by, uploader_id, document_type,
                                       document_request_id, shared_with_client)
  values (v_message.client_id, left(coalesce(nullif(btrim(p_name), ''), 'whatsapp'), 200), p_path, 'client',
          v_message.sender_id, 'whatsapp',
          case when cardinality(v_requests) = 1 then v_requests[1] end, true)
  returning * into v_doc;
  update public.messages set document_id = v_doc.id, attachment_url = p_path where id = p_message_id;
  return v_doc;
end
$$;
revoke all on function public.whatsapp_attach_media(uuid, text, text) from public;
grant execute on function public.whatsapp_attach_media(uuid, text, text) to service_role;

-- Staff: the file a client sent on WhatsApp answers one of that client's pending document requests (the
-- request turns Recebido). Another client's request is refused by client_documents' own check (23503).
create or replace function public.attach_message_to_request(p_message_id uuid, p_request_id uuid)
returns public.client_documents
language plpgsql security definer
set search_path = ''
as $$
declare
  v_doc public.client_documents;
begin
  if not public.is_staff() then
    raise exception 'Apenas a equipe associa documentos' using errcode = 'insufficient_privilege';
  end if;
  update public.client_documents d set document_request_id = p_request_id
    from public.messages m
   where m.id = p_message_id and d.id = m.document_id and d.client_id = m.client_id
  returning d.* into v_doc;
  if v_doc.id is null then
    raise exception 'Esta mensagem não tem arquivo' using errcode = 'check_violation';
  end if;
  return v_doc;
end
$$;
comment on function public.attach_message_to_request(uuid, uuid) is 'Staff: the file of a client''s message answers one of that client''s pending document requests.';
revoke all on function public.attach_message_to_request(uuid, uuid) from public;
grant execute on function public.attach_message_to_request(uuid, uuid) to authenticated, service_role;

-- Delivery status of an office WhatsApp reply follows its outbox row.
create or replace function public.copy_delivery_status() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.messages m
     set delivery_status = case
       when new.status = 'dead' or new.provider_status = 'failed' then 'failed'
       when new.provider_status in ('delivered', 'read') then new.provider_status
       when new.status = 'sent' or new.provider_status = 'sent' then 'sent'
       else 'queued' end
   where m.delivery_id = new.id;
  return new;
end
$$;
revoke all on function public.copy_delivery_status() from public;
create trigger notification_deliveries_copy_status
  after update of status, provider_status on public.notification_deliveries
  for each row when (new.channel = 'whatsapp'
                     and (old.status is distinct from new.status or old.provider_status is distinct from new.provider_status))
  execute function public.copy_delivery_status();

-- The office's WhatsApp replies are themselves the message: no second notification on WhatsApp for them.
create or replace function public.notify_message() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_client public.clients;
  v_preview text := coalesce(left(nullif(btrim(new.content), ''), 200), 'Anexo');
  v_user uuid;
begin
  select c.* into v_client from public.clients c where c.id = new.client_id;
  if new.sender_type = 'office' then
    if v_client.user_id is not null and new.channel = 'portal' then
      perform public.notify(v_client.user_id, 'office_message', 'Nova mensagem do escritório', v_preview,
        '/cliente/mensagens', jsonb_build_object('client_id', new.client_id, 'message_id', new.id),
        'message:' || new.id || ':client');
    end if;
  else
    for v_user in select public.office_staff_recipients() loop
      perform public.notify(v_user, 'client_message', format('Nova mensagem de %s', v_client.full_name), v_preview,
        format('/clientes/%s/mensagens', new.client_id),
        jsonb_build_object('client_id', new.client_id, 'message_id', new.id),
        'message:' || new.id || ':staff:' || v_user);
    end loop;
  end if;
  return new;
end
$$;
