-- Creating a client with an invalid e-mail or a too-short password is the caller's mistake: answer 422 with the
-- Portuguese message (PostgREST's SQLSTATE 'PT422' sets the HTTP status), not the 401 that invalid_parameter_value
-- maps to (PostgREST reserves it for "role does not exist"). Same function otherwise.

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
    raise exception 'E-mail inválido' using errcode = 'PT422';
  end if;
  if char_length(coalesce(create_client_user.password, '')) < 6 then
    raise exception 'A senha deve ter pelo menos 6 caracteres' using errcode = 'PT422';
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
  'Staff only: creates a client''s log-in (auth user + identity), profile, client role and clients row; returns clients.id. '
  'Invalid e-mail or password: SQLSTATE PT422 (HTTP 422) with the message.';
revoke execute on function public.create_client_user(text, text, text, text, text) from public, anon;
grant execute on function public.create_client_user(text, text, text, text, text) to authenticated, service_role;
