-- Realtime: the portal's message thread, documents and the notifications feed are published.
-- Guarded so that re-running it (or a project that already added a table) is harmless.

do $$
declare
  t text;
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  foreach t in array array['messages', 'client_documents', 'process_notifications'] loop
    if not exists (select 1 from pg_publication_tables
                   where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t) then
      execute format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end
$$;

-- Old row values in UPDATE/DELETE events let subscribers filter by client_id on every event.
alter table public.messages replica identity full;
alter table public.client_documents replica identity full;
