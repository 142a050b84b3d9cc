-- Documents that organise themselves: a checklist per case type (edited by administrators in Configurações),
-- copied into a process's document requests when the process is created (a trigger, so every path does it);
-- Brazilian certidões move through solicitado → recebido → apostilado → traduzido → pronto with who and when;
-- staff accept or reject what the client sent (the reason goes back to the client in Portuguese).

-- ---------------------------------------------------------------------------
-- The case types the shipped checklists need besides the catalogue's own
-- ---------------------------------------------------------------------------
insert into public.case_types (id, label, category, forms, sort_order) values
  ('ajuste_casamento',  'Ajuste de status por casamento', 'USCIS', 'I-130, I-130A, I-485, I-765, I-131, I-864, G-28', 25),
  ('eb2_niw',           'EB-2 NIW (I-140)',                            'USCIS', 'I-140, I-485',                 22),
  ('documento_viagem',  'Documento de viagem (I-131)',                 'USCIS', 'I-131',                        125)
on conflict (id) do nothing;

-- ---------------------------------------------------------------------------
-- document_checklists: one row per item of a case type's checklist, in order
-- ---------------------------------------------------------------------------
create table public.document_checklists (
  id                uuid primary key default gen_random_uuid(),
  case_type_id      text not null references public.case_types (id) on update cascade on delete cascade,
  position          integer not null default 0 check (position between 0 and 10000),
  document_name     text not null check (char_length(btrim(document_name)) between 2 and 200),
  explanation       text check (explanation is null or char_length(explanation) <= 2000),
  is_required       boolean not null default true,
  kind              text not null default 'outro' check (kind in (
                      'certidao_nascimento', 'certidao_casamento', 'certidao_antecedentes', 'passaporte', 'fotos',
                      'i94', 'imposto_renda', 'documento_identidade', 'documento_imigracao', 'comprovante_financeiro',
                      'evidencia_relacionamento', 'diploma', 'carta', 'exame_medico', 'outro')),
  needs_apostille   boolean not null default false,
  needs_translation boolean not null default false,
  created_at        timestamptz not null default now(),
  updated_at        timestamptz not null default now(),
  unique (case_type_id, document_name)
);
comment on table public.document_checklists is
  'The documents each case type needs, in order (pt-BR name and explanation for the client); a new process of the type gets them as document requests.';
comment on column public.document_checklists.needs_apostille is 'A Brazilian document that needs the Hague apostille.';
comment on column public.document_checklists.needs_translation is 'A document that needs a certified English translation.';
create index document_checklists_case_type_idx on public.document_checklists (case_type_id, position);
create trigger document_checklists_set_updated_at before update on public.document_checklists
  for each row execute function public.set_updated_at();

alter table public.document_checklists enable row level security;
create policy "staff read checklists" on public.document_checklists
  for select to authenticated using ((select public.is_staff()));
create policy "administrators add checklist items" on public.document_checklists
  for insert to authenticated with check ((select public.is_admin()));
create policy "administrators change checklist items" on public.document_checklists
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "administrators remove checklist items" on public.document_checklists
  for delete to authenticated using ((select public.is_admin()));
revoke all on public.document_checklists from anon;

-- ---------------------------------------------------------------------------
-- document_requests: where the request came from, its kind, the Brazilian steps and the review
-- ---------------------------------------------------------------------------
alter table public.document_requests
  add column checklist_item_id uuid references public.document_checklists (id) on delete set null,
  add column position          integer not null default 0,
  add column kind              text not null default 'outro' check (kind in (
                                 'certidao_nascimento', 'certidao_casamento', 'certidao_antecedentes', 'passaporte',
                                 'fotos', 'i94', 'imposto_renda', 'documento_identidade', 'documento_imigracao',
                                 'comprovante_financeiro', 'evidencia_relacionamento', 'diploma', 'carta',
                                 'exame_medico', 'outro')),
  add column needs_apostille   boolean not null default false,
  add column needs_translation boolean not null default false,
  add column stage             text not null default 'solicitado'
                                 check (stage in ('solicitado', 'recebido', 'apostilado', 'traduzido', 'pronto')),
  add column stage_changed_at  timestamptz,
  add column stage_changed_by  uuid references auth.users (id) on delete set null,
  add column review_status     text check (review_status in ('accepted', 'rejected')),
  add column rejection_reason  text check (rejection_reason is null or char_length(btrim(rejection_reason)) between 3 and 1000),
  add column reviewed_at       timestamptz,
  add column reviewed_by       uuid references auth.users (id) on delete set null,
  add constraint document_requests_rejection_has_reason
    check (review_status is distinct from 'rejected' or rejection_reason is not null);
comment on column public.document_requests.stage is
  'solicitado → recebido → apostilado (if needs_apostille) → traduzido (if needs_translation) → pronto.';
comment on column public.document_requests.rejection_reason is 'Why staff rejected what the client sent (the client reads it).';
create index document_requests_checklist_item_idx on public.document_requests (checklist_item_id);
update public.document_requests set stage = 'recebido' where status = 'fulfilled';

-- Who did what to a request, and when: written by the triggers below only.
create table public.document_request_events (
  id          bigint generated by default as identity primary key,
  request_id  uuid not null references public.document_requests (id) on delete cascade,
  kind        text not null check (kind in ('stage', 'accepted', 'rejected')),
  to_value    text,
  reason      text,
  actor_id    uuid references auth.users (id) on delete set null,
  actor_name  text,
  created_at  timestamptz not null default now()
);
comment on table public.document_request_events is
  'History of a document request: each step (solicitado … pronto) and each review, with who and when (written by triggers only).';
create index document_request_events_request_idx on public.document_request_events (request_id, created_at);
alter table public.document_request_events enable row level security;
create policy "staff read document request history" on public.document_request_events
  for select to authenticated using ((select public.is_staff()));
revoke all on public.document_request_events from anon, authenticated;
grant select on public.document_request_events to authenticated;

-- The steps a request goes through, in order (the Brazilian ones only when the request needs them).
create or replace function public.document_request_stages(p_apostille boolean, p_translation boolean)
returns text[]
language sql immutable
set search_path = ''
as $$
  select array_remove(array_remove(array['solicitado', 'recebido', 'apostilado', 'traduzido', 'pronto'],
                                   case when p_apostille then null else 'apostilado' end),
                      case when p_translation then null else 'traduzido' end)
$$;
comment on function public.document_request_stages(boolean, boolean) is
  'The steps of a document request in order: apostilado and traduzido only when the request needs them.';

-- Keeps status, step and review consistent whatever writes the row (the app, a client's upload, a script):
-- a rejection needs a reason and sends the request back to pending; an accepted document is one received;
-- steps move one at a time (forward or back), and a step past solicitado means the document was received.
create or replace function public.document_request_workflow() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_stages text[] := public.document_request_stages(new.needs_apostille, new.needs_translation);
  v_from integer;
  v_to integer;
begin
  if tg_op = 'INSERT' then
    if new.status = 'fulfilled' and new.stage = 'solicitado' then
      new.stage := 'recebido';
    elsif new.status = 'pending' then
      new.stage := 'solicitado';
    end if;
    if not new.stage = any (v_stages) then
      raise exception 'Etapa inválida para este documento' using errcode = 'check_violation';
    end if;
    return new;
  end if;

  if new.review_status is distinct from old.review_status and new.review_status is not null then
    if new.review_status = 'rejected' then
      if nullif(btrim(new.rejection_reason), '') is null then
        raise exception 'Informe o motivo da recusa' using errcode = 'check_violation';
      end if;
      new.rejection_reason := btrim(new.rejection_reason);
      new.status := 'pending';
      new.fulfilled_at := null;
      new.stage := 'solicitado';
    else
      if old.status <> 'fulfilled' then
        raise exception 'Só um documento recebido pode ser aceito' using errcode = 'check_violation';
      end if;
      new.rejection_reason := null;
    end if;
    new.reviewed_at := now();
    new.reviewed_by := auth.uid();
  elsif new.status is distinct from old.status then
    if new.status = 'fulfilled' then
      new.fulfilled_at := coalesce(new.fulfilled_at, now());
      if new.stage = 'solicitado' then
        new.stage := 'recebido';
      end if;
      -- a new document after a rejection waits for a new review
      if new.review_status = 'rejected' then
        new.review_status := null;
      end if;
    else
      new.fulfilled_at := null;
      new.stage := 'solicitado';
      new.review_status := null;
    end if;
  elsif new.stage is distinct from old.stage then
    v_from := array_position(v_stages, old.stage);
    v_to := array_position(v_stages, new.stage);
    if v_to is null or v_from is null or abs(v_to - v_from) <> 1 then
      raise exception 'Etapa inválida: de "%" o documento passa para a etapa seguinte ou volta à anterior', old.stage
        using errcode = 'check_violation';
    end if;
    if new.stage = 'solicitado' then
      new.status := 'pending';
      new.fulfilled_at := null;
      new.review_status := null;
    else
      new.status := 'fulfilled';
      new.fulfilled_at := coalesce(new.fulfilled_at, now());
    end if;
  end if;
  if not new.stage = any (v_stages) then
    raise exception 'Etapa inválida para este documento' using errcode = 'check_violation';
  end if;
  if new.stage is distinct from old.stage then
    new.stage_changed_at := now();
    new.stage_changed_by := auth.uid();
  end if;
  return new;
end
$$;
revoke execute on function public.document_request_workflow() from public, anon, authenticated;
create trigger document_requests_workflow before insert or update on public.document_requests
  for each row execute function public.document_request_workflow();

-- The history and the client's notice of a rejection.
create or replace function public.record_document_request_event() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_actor uuid := auth.uid();
  v_name text := (select p.full_name from public.profiles p where p.id = auth.uid());
  v_event bigint;
begin
  if tg_op = 'INSERT' or new.stage is distinct from old.stage then
    insert into public.document_request_events (request_id, kind, to_value, actor_id, actor_name)
    values (new.id, 'stage', new.stage, v_actor, v_name);
  end if;
  if tg_op = 'UPDATE' and new.review_status is not null
     and (new.review_status is distinct from old.review_status or new.reviewed_at is distinct from old.reviewed_at) then
    insert into public.document_request_events (request_id, kind, to_value, reason, actor_id, actor_name)
    values (new.id, new.review_status, new.document_name, new.rejection_reason, v_actor, v_name)
    returning id into v_event;
    if new.review_status = 'rejected' then
      perform public.notify_process_client(new.process_id, 'document_rejected', 'Documento recusado',
        format('%s — %s', new.document_name, new.rejection_reason),
        '/cliente/processos/' || new.process_id,
        jsonb_build_object('request_id', new.id, 'document_name', new.document_name, 'reason', new.rejection_reason),
        'document_rejected:' || new.id || ':' || v_event);
    end if;
  end if;
  return null;
end
$$;
revoke execute on function public.record_document_request_event() from public, anon, authenticated;
create trigger document_requests_record_event after insert or update on public.document_requests
  for each row execute function public.record_document_request_event();

-- One notice for a whole checklist instead of one per item: the per-request notice stays quiet while a
-- checklist is being copied (a setting local to the transaction).
create or replace function public.notify_document_request() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.checklist_item_id is not null and current_setting('app.checklist_batch', true) = 'on' then
    return new;
  end if;
  perform public.notify_process_client(new.process_id, 'document_request', 'Documento solicitado',
    coalesce(format('%s — %s', new.document_name, nullif(btrim(new.document_description), '')), new.document_name),
    '/cliente/documentos',
    jsonb_build_object('document_name', new.document_name, 'document_description', new.document_description,
                       'is_required', new.is_required, 'request_id', new.id),
    'document_request:' || new.id || ':client');
  return new;
end
$$;

-- A process of a case type with a checklist gets its document requests (on creation, and when its case type
-- is set or changed later: only the items it does not have yet).
create or replace function public.create_checklist_requests() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  if new.case_type_id is null or (tg_op = 'UPDATE' and new.case_type_id is not distinct from old.case_type_id) then
    return null;
  end if;
  perform set_config('app.checklist_batch', 'on', true);
  insert into public.document_requests
    (process_id, document_name, document_description, is_required, checklist_item_id, position, kind,
     needs_apostille, needs_translation)
  select new.id, i.document_name, i.explanation, i.is_required, i.id, i.position, i.kind,
         i.needs_apostille, i.needs_translation
    from public.document_checklists i
   where i.case_type_id = new.case_type_id
     and not exists (select 1 from public.document_requests r
                      where r.process_id = new.id and (r.checklist_item_id = i.id or r.document_name = i.document_name))
   order by i.position, i.document_name;
  get diagnostics v_count = row_count;
  perform set_config('app.checklist_batch', 'off', true);
  if v_count > 0 then
    perform public.notify_process_client(new.id, 'document_request', 'Documentos solicitados',
      format('%s documento(s) para o processo %s. Veja a lista e envie pelo portal.', v_count, new.type),
      '/cliente/processos/' || new.id,
      jsonb_build_object('count', v_count, 'case_type_id', new.case_type_id),
      'checklist:' || new.id || ':' || new.case_type_id);
  end if;
  return null;
end
$$;
revoke execute on function public.create_checklist_requests() from public, anon, authenticated;
create trigger processes_create_checklist_requests after insert or update of case_type_id on public.processes
  for each row execute function public.create_checklist_requests();

-- The portal's view gains what the client needs to follow its documents (the explanation is
-- document_description; the step; the review and its reason).
create or replace view public.client_document_requests with (security_barrier = true) as
  select r.id, r.process_id, p.client_id, r.document_name, r.document_description, r.is_required, r.status,
         r.requested_at, r.fulfilled_at, r.kind, r.stage, r.needs_apostille, r.needs_translation, r.review_status,
         r.rejection_reason, r.reviewed_at, r.position
    from public.document_requests r
    join public.processes p on p.id = r.process_id
   where current_user not in ('anon', 'authenticated')
      or (select public.is_staff()) or p.client_id = (select public.current_client_id());
