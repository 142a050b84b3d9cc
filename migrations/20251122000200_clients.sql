-- The office's clients. Each client with portal access is linked to an auth user (user_id);
-- staff create them with create_client_user, which makes the log-in, profile, role and row at once.

create table public.clients (
  id         uuid primary key default gen_random_uuid(),
  user_id    uuid unique references auth.users (id) on delete set null,
  full_name  text not null check (char_length(btrim(full_name)) >= 3),
  email      text not null check (email ~* '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  phone      text,
  address    text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.clients is 'Clients of the office; user_id is their portal log-in.';
create unique index clients_email_key on public.clients (lower(email));
create index clients_created_at_idx on public.clients (created_at desc);
create index clients_full_name_idx on public.clients (full_name);
create trigger clients_set_updated_at before update on public.clients
  for each row execute function public.set_updated_at();

create or replace function public.current_client_id() returns uuid
language sql stable security definer
set search_path = ''
as $$
  select c.id from public.clients c where c.user_id = auth.uid() limit 1
$$;
comment on function public.current_client_id() is 'The clients.id of the signed-in client (null for staff).';
revoke execute on function public.current_client_id() from public, anon;
grant execute on function public.current_client_id() to authenticated, service_role;

alter table public.clients enable row level security;

create policy "staff read all clients" on public.clients
  for select to authenticated using ((select public.is_staff()));
create policy "client reads own row" on public.clients
  for select to authenticated using (user_id = (select auth.uid()));
create policy "staff update clients" on public.clients
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "administrators delete clients" on public.clients
  for delete to authenticated using ((select public.is_admin()));
-- No insert policy: clients are created through create_client_user (security definer).

-- ---------------------------------------------------------------------------
-- create_client_user
-- ---------------------------------------------------------------------------
create or replace function public.create_client_user(
  email     text,
  password  text,
  full_name text,
  phone     text default null,
  address   text default null
) returns uuid
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  v_email     text := lower(btrim(coalesce(create_client_user.email, '')));
  v_name      text := btrim(coalesce(create_client_user.full_name, ''));
  v_phone     text := nullif(btrim(create_client_user.phone), '');
  v_address   text := nullif(btrim(create_client_user.address), '');
  v_user_id   uuid := gen_random_uuid();
  v_client_id uuid;
begin
  if not (public.is_staff() or coalesce(auth.role(), '') = 'service_role') then
    raise exception 'Apenas a equipe pode cadastrar clientes' using errcode = 'insufficient_privilege';
  end if;
  if v_email !~* '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    raise exception 'E-mail inválido' using errcode = 'invalid_parameter_value';
  end if;
  if char_length(coalesce(create_client_user.password, '')) < 6 then
    raise exception 'A senha deve ter pelo menos 6 caracteres' using errcode = 'invalid_parameter_value';
  end if;
  if char_length(v_name) < 3 then
    raise exception 'O nome deve ter pelo menos 3 caracteres' using errcode = 'check_violation';
  end if;
  if exists (select 1 from auth.users u where lower(u.email) = v_email)
     or exists (select 1 from public.clients c where lower(c.email) = v_email) then
    raise exception 'Já existe um usuário com este e-mail' using errcode = 'unique_violation';
  end if;

  begin
    insert into auth.users (
      instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
      raw_app_meta_data, raw_user_meta_data, created_at, updated_at
    ) values (
      '00000000-0000-0000-0000-000000000000', v_user_id, 'authenticated', 'authenticated', v_email,
      extensions.crypt(create_client_user.password, extensions.gen_salt('bf')), now(),
      '{"provider": "email", "providers": ["email"]}'::jsonb,
      jsonb_build_object('full_name', v_name), now(), now()
    );
  exception when unique_violation then
    -- a concurrent registration of the same address won the race
    raise exception 'Já existe um usuário com este e-mail' using errcode = 'unique_violation';
  end;

  insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
  values (
    v_user_id::text, v_user_id,
    jsonb_build_object('sub', v_user_id::text, 'email', v_email, 'email_verified', true, 'phone_verified', false),
    'email', now(), now()
  );

  -- the profile was created by the auth.users trigger
  insert into public.user_roles (user_id, role) values (v_user_id, 'client');

  insert into public.clients (user_id, full_name, email, phone, address)
  values (v_user_id, v_name, v_email, v_phone, v_address)
  returning id into v_client_id;

  return v_client_id;
end
$$;
comment on function public.create_client_user(text, text, text, text, text) is
  'Staff only: creates a client''s log-in (auth user + identity), profile, client role and clients row; returns clients.id.';
revoke execute on function public.create_client_user(text, text, text, text, text) from public, anon;
grant execute on function public.create_client_user(text, text, text, text, text) to authenticated, service_role;
