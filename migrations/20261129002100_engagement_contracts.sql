-- Engagement contracts signed in the portal: templates (pt-BR and English) with variables and optional clauses
-- per case type, the signing lifecycle of financial_contracts (rascunho → enviado → assinado pelo cliente →
-- vigente), the evidence of the client's signature, the staff countersignature, amendments as new rows, and
-- the database's refusal to change a signed contract's terms.

-- ---------------------------------------------------------------------------
-- templates: administrators write, staff read, clients never
-- ---------------------------------------------------------------------------
create table public.contract_templates (
  id          uuid primary key default gen_random_uuid(),
  name        text not null check (char_length(btrim(name)) between 1 and 200),
  language    text not null default 'pt' check (language in ('pt', 'en')),
  body        text not null check (char_length(btrim(body)) between 1 and 100000),
  is_default  boolean not null default false,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now(),
  updated_by  uuid default auth.uid() references auth.users (id) on delete set null
);
comment on table public.contract_templates is
  'Engagement contract templates: "# Título" lines start sections, {{variavel}} is replaced from the quote, client and office; {{clausulas}} receives the optional clauses of the case type.';
create unique index contract_templates_one_default_idx on public.contract_templates (language) where is_default;
create index contract_templates_updated_by_idx on public.contract_templates (updated_by);
create trigger contract_templates_set_updated_at before update on public.contract_templates
  for each row execute function public.set_updated_at();

create table public.contract_template_clauses (
  id            uuid primary key default gen_random_uuid(),
  template_id   uuid not null references public.contract_templates (id) on delete cascade,
  case_type_id  text check (case_type_id is null or char_length(btrim(case_type_id)) between 1 and 100),
  title         text not null check (char_length(btrim(title)) between 1 and 200),
  body          text not null check (char_length(btrim(body)) between 1 and 20000),
  position      integer not null default 0,
  created_at    timestamptz not null default now()
);
comment on table public.contract_template_clauses is
  'Optional clauses of a template: those of the process''s case type (or of every case type when case_type_id is null) fill {{clausulas}}.';
create index contract_template_clauses_template_idx on public.contract_template_clauses (template_id, position);

alter table public.contract_templates enable row level security;
alter table public.contract_template_clauses enable row level security;
create policy "staff read" on public.contract_templates for select to authenticated
  using ((select public.is_staff()));
create policy "administrators write" on public.contract_templates for all to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "staff read" on public.contract_template_clauses for select to authenticated
  using ((select public.is_staff()));
create policy "administrators write" on public.contract_template_clauses for all to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
revoke all on public.contract_templates, public.contract_template_clauses from anon;
grant select, insert, update, delete on public.contract_templates, public.contract_template_clauses to authenticated;
grant all on public.contract_templates, public.contract_template_clauses to service_role;

-- ---------------------------------------------------------------------------
-- the contract's signing lifecycle
-- ---------------------------------------------------------------------------
alter table public.financial_contracts
  add column signature_status text not null default 'draft'
    check (signature_status in ('draft', 'sent', 'client_signed', 'countersigned')),
  add column template_id uuid references public.contract_templates (id) on delete set null,
  add column language text not null default 'pt' check (language in ('pt', 'en')),
  add column document_text text,
  add column document_sha256 text check (document_sha256 ~ '^[0-9a-f]{64}$'),
  add column sent_at timestamptz,
  add column sent_by uuid references auth.users (id) on delete set null,
  add column signed_at timestamptz,
  add column signed_by_name text,
  add column signature_evidence jsonb,
  add column client_signed_sha256 text check (client_signed_sha256 ~ '^[0-9a-f]{64}$'),
  add column countersigned_at timestamptz,
  add column countersigned_by uuid references auth.users (id) on delete set null,
  add column countersigned_by_name text,
  add column final_sha256 text check (final_sha256 ~ '^[0-9a-f]{64}$'),
  add column amends_contract_id uuid,
  add constraint financial_contracts_amends_fkey foreign key (amends_contract_id, client_id)
    references public.financial_contracts (id, client_id) on delete restrict,
  add constraint financial_contracts_amends_other check (amends_contract_id is null or amends_contract_id <> id),
  add constraint financial_contracts_signature_steps check (
    (signature_status = 'draft' and signed_at is null and countersigned_at is null)
    or (signature_status = 'sent' and document_sha256 is not null and sent_at is not null and signed_at is null)
    or (signature_status = 'client_signed' and signed_at is not null and signed_by_name is not null
        and signature_evidence is not null and client_signed_sha256 is not null and countersigned_at is null)
    or (signature_status = 'countersigned' and signed_at is not null and countersigned_at is not null
        and final_sha256 is not null));
comment on column public.financial_contracts.signature_status is
  'draft (Rascunho) → sent (Enviado para assinatura) → client_signed (Assinado pelo cliente) → countersigned (Vigente).';
comment on column public.financial_contracts.signature_evidence is
  'The client''s signature evidence: document SHA-256, time, IP, user agent, consent text, typed name, code channel.';
comment on column public.financial_contracts.amends_contract_id is
  'An amendment (aditivo) is a new contract of the same client that refers to the original one.';
create index financial_contracts_amends_idx on public.financial_contracts (amends_contract_id);
create index financial_contracts_template_idx on public.financial_contracts (template_id);
create index financial_contracts_sent_by_idx on public.financial_contracts (sent_by);
create index financial_contracts_countersigned_by_idx on public.financial_contracts (countersigned_by);
create index financial_contracts_client_signed_sha_idx on public.financial_contracts (client_signed_sha256);
create index financial_contracts_final_sha_idx on public.financial_contracts (final_sha256);

-- The signing columns are written only by the contract-signing function (service role); a signed contract's
-- terms never change. SQLSTATE 23514 with a pt-BR message, like the other business refusals.
create function public.guard_signed_contract() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_by_user boolean := current_user in ('authenticated', 'anon');
begin
  if v_by_user and (
       new.signature_status is distinct from old.signature_status or new.document_text is distinct from old.document_text
       or new.document_sha256 is distinct from old.document_sha256 or new.sent_at is distinct from old.sent_at
       or new.signed_at is distinct from old.signed_at or new.signed_by_name is distinct from old.signed_by_name
       or new.signature_evidence is distinct from old.signature_evidence
       or new.client_signed_sha256 is distinct from old.client_signed_sha256
       or new.countersigned_at is distinct from old.countersigned_at
       or new.countersigned_by is distinct from old.countersigned_by
       or new.final_sha256 is distinct from old.final_sha256) then
    raise exception 'A assinatura do contrato só muda pelo fluxo de assinatura' using errcode = 'check_violation';
  end if;
  -- terms changed after sending and before signing: the document sent is void, staff send it again
  if old.signature_status = 'sent' and (
       new.title is distinct from old.title or new.total_amount is distinct from old.total_amount
       or new.currency is distinct from old.currency or new.payment_terms is distinct from old.payment_terms
       or new.down_payment is distinct from old.down_payment
       or new.installment_count is distinct from old.installment_count) then
    new.signature_status := 'draft';
    new.document_text := null;
    new.document_sha256 := null;
    new.sent_at := null;
    new.sent_by := null;
  end if;
  if old.signed_at is not null and (
       new.client_id is distinct from old.client_id or new.title is distinct from old.title
       or new.total_amount is distinct from old.total_amount or new.currency is distinct from old.currency
       or new.payment_terms is distinct from old.payment_terms or new.start_date is distinct from old.start_date
       or new.end_date is distinct from old.end_date or new.down_payment is distinct from old.down_payment
       or new.installment_count is distinct from old.installment_count
       or new.exchange_rate is distinct from old.exchange_rate or new.quote_id is distinct from old.quote_id
       or new.process_id is distinct from old.process_id or new.template_id is distinct from old.template_id
       or new.language is distinct from old.language or new.document_text is distinct from old.document_text
       or new.document_sha256 is distinct from old.document_sha256 or new.signed_at is distinct from old.signed_at
       or new.signed_by_name is distinct from old.signed_by_name
       or new.signature_evidence is distinct from old.signature_evidence
       or new.client_signed_sha256 is distinct from old.client_signed_sha256
       or new.amends_contract_id is distinct from old.amends_contract_id
       or (old.final_sha256 is not null and new.final_sha256 is distinct from old.final_sha256)
       or (old.countersigned_at is not null and new.countersigned_at is distinct from old.countersigned_at)) then
    raise exception 'Contrato assinado: os termos não podem ser alterados (faça um aditivo)'
      using errcode = 'check_violation';
  end if;
  return new;
end
$$;
comment on function public.guard_signed_contract() is
  'Trigger: only the signing flow (service role) writes the signature columns; a signed contract''s terms never change.';
create trigger financial_contracts_guard_signed before update on public.financial_contracts
  for each row execute function public.guard_signed_contract();

create function public.refuse_signed_contract_delete() returns trigger
language plpgsql set search_path = '' as $$
begin
  if old.signed_at is not null then
    raise exception 'Contrato assinado: não pode ser excluído' using errcode = 'check_violation';
  end if;
  return old;
end
$$;
create trigger financial_contracts_refuse_signed_delete before delete on public.financial_contracts
  for each row execute function public.refuse_signed_contract_delete();

-- The installments' schedule is part of the terms: amounts, due dates and numbers of a signed contract stay;
-- payments still move paid_amount and status.
create function public.guard_signed_installments() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_contract uuid := case when tg_op = 'INSERT' then new.contract_id else old.contract_id end;
begin
  if not exists (select 1 from public.financial_contracts c where c.id = v_contract and c.signed_at is not null) then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if tg_op in ('INSERT', 'DELETE') or new.amount is distinct from old.amount or new.due_date is distinct from old.due_date
     or new.number is distinct from old.number or new.currency is distinct from old.currency
     or new.contract_id is distinct from old.contract_id then
    raise exception 'Contrato assinado: as parcelas não podem ser alteradas (faça um aditivo)'
      using errcode = 'check_violation';
  end if;
  return new;
end
$$;
create trigger financial_installments_guard_signed before insert or update or delete on public.financial_installments
  for each row execute function public.guard_signed_installments();

-- ---------------------------------------------------------------------------
-- one-time codes: only their hash, read and written by the function (service role) alone
-- ---------------------------------------------------------------------------
create table public.contract_signing_codes (
  id           uuid primary key default gen_random_uuid(),
  contract_id  uuid not null references public.financial_contracts (id) on delete cascade,
  client_id    uuid not null references public.clients (id) on delete cascade,
  code_hash    text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  channel      text not null default 'email' check (channel in ('email', 'whatsapp')),
  expires_at   timestamptz not null,
  attempts     integer not null default 0 check (attempts >= 0),
  used_at      timestamptz,
  created_at   timestamptz not null default now()
);
comment on table public.contract_signing_codes is
  'One-time signing codes (HMAC-SHA-256 only, never the code): expire, allow few attempts, are spent once.';
create index contract_signing_codes_contract_idx on public.contract_signing_codes (contract_id, created_at desc);
create index contract_signing_codes_client_idx on public.contract_signing_codes (client_id);
alter table public.contract_signing_codes enable row level security;
revoke all on public.contract_signing_codes from anon, authenticated;
grant all on public.contract_signing_codes to service_role;

-- the signed PDFs: private, reached only through the function (which asks RLS whether the caller reads the row)
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('signed_contracts', 'signed_contracts', false, 26214400, array['application/pdf', 'image/png'])
on conflict (id) do nothing;

-- ---------------------------------------------------------------------------
-- the office's default templates
-- ---------------------------------------------------------------------------
insert into public.contract_templates (id, name, language, is_default, updated_by, body) values
('c7000000-0000-4000-8000-000000000001', 'Contrato de prestação de serviços advocatícios', 'pt', true, null, $t$
# Partes
CONTRATANTE: {{cliente}}, e-mail {{cliente_email}}{{familiares}}.
CONTRATADO: {{escritorio}}, representado por {{advogado}}.

# Escopo
O CONTRATADO prestará ao CONTRATANTE os serviços jurídicos de imigração descritos abaixo, referentes a {{tipo_caso}}:
{{servicos}}
Não estão incluídos serviços não listados acima, recursos, audiências ou novos pedidos, que dependem de aditivo.

# Honorários
Pelos serviços o CONTRATANTE pagará {{honorarios}}. Taxas governamentais (USCIS, NVC, Departamento de Estado) pagas a terceiros estão discriminadas acima quando incluídas.

# Parcelas
{{parcelas}}

# Obrigações
O CONTRATANTE fornecerá informações verdadeiras e completas, os documentos pedidos nos prazos indicados e comunicará qualquer mudança de endereço, estado civil ou situação migratória. O CONTRATADO atuará com diligência, manterá o CONTRATANTE informado pelo portal e guardará sigilo profissional.

# Cláusulas específicas
{{clausulas}}

# Rescisão
Qualquer parte pode rescindir este contrato por escrito com 15 dias de antecedência. Os honorários dos serviços já prestados permanecem devidos; valores pagos por serviços não iniciados serão devolvidos. Nenhum resultado perante as autoridades de imigração é garantido.

# Foro
As partes elegem o foro do domicílio do CONTRATANTE para dirimir qualquer controvérsia, com renúncia a qualquer outro. Este contrato é assinado eletronicamente, nos termos do ESIGN Act e do UETA (EUA) e da Lei 14.063/2020 (Brasil), em {{data}}.
$t$),
('c7000000-0000-4000-8000-000000000002', 'Attorney engagement agreement', 'en', true, null, $t$
# Parties
CLIENT: {{cliente}}, e-mail {{cliente_email}}{{familiares}}.
FIRM: {{escritorio}}, represented by {{advogado}}.

# Scope
The Firm will provide the Client with the immigration legal services below, for {{tipo_caso}}:
{{servicos}}
Services not listed above, appeals, hearings or new petitions are not included and require an amendment.

# Fees
For these services the Client will pay {{honorarios}}. Government filing fees paid to third parties are itemised above when included.

# Installments
{{parcelas}}

# Obligations
The Client will provide true and complete information and the requested documents on time, and will report any change of address, marital status or immigration status. The Firm will act diligently, keep the Client informed through the portal and keep professional confidentiality.

# Specific clauses
{{clausulas}}

# Termination
Either party may terminate this agreement in writing with 15 days' notice. Fees for services already rendered remain due; amounts paid for services not started will be refunded. No outcome before the immigration authorities is guaranteed.

# Jurisdiction
The parties choose the courts of the Client's domicile. This agreement is signed electronically under the U.S. ESIGN Act and UETA and Brazil's Law 14.063/2020, on {{data}}.
$t$);

insert into public.contract_template_clauses (template_id, case_type_id, title, body, position)
select t.id, null, 'Comunicações eletrônicas',
       'O CONTRATANTE concorda em receber comunicações, documentos e avisos pelo portal e por e-mail.', 0
  from public.contract_templates t where t.language = 'pt' and t.is_default;
insert into public.contract_template_clauses (template_id, case_type_id, title, body, position)
select t.id, null, 'Electronic communications',
       'The Client agrees to receive communications, documents and notices through the portal and by e-mail.', 0
  from public.contract_templates t where t.language = 'en' and t.is_default;
