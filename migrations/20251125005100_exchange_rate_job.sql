-- The daily PTAX refresh calls the exchange-rates function through the stack's own function call
-- (supastack.invoke_function: the stack signs it, no key in the database). On a hosted project without
-- it, pg_net with app.settings.functions_url and app.settings.service_role_key is used as before.
create or replace function public.request_exchange_rate_refresh()
returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  v_url text := current_setting('app.settings.functions_url', true);
  v_key text := current_setting('app.settings.service_role_key', true);
begin
  if to_regprocedure('supastack.invoke_function(text, jsonb, integer)') is not null then
    execute 'select supastack.invoke_function($1, $2)' using 'exchange-rates', '{}'::jsonb;
    return;
  end if;
  if to_regnamespace('net') is null or coalesce(v_url, '') = '' or coalesce(v_key, '') = '' then
    return;
  end if;
  execute 'select net.http_post(url := $1, headers := $2, body := $3)'
    using v_url || '/exchange-rates',
          jsonb_build_object('Authorization', 'Bearer ' || v_key, 'Content-Type', 'application/json'),
          '{}'::jsonb;
end
$$;
revoke execute on function public.request_exchange_rate_refresh() from public, anon, authenticated;
