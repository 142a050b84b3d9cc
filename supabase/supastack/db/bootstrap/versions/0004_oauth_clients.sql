-- Engine migration 0004 (auth.oauth_clients: the OAuth 2.1 server's registered clients, GoTrue's table), applied
-- once and recorded in supastack.schema_migrations (supastack.db.migrate). Only the auth API reads and writes it
-- (service role, /auth/v1/admin/oauth/clients); the API roles have no privilege on it.
create table if not exists auth.oauth_clients (
  id uuid primary key,
  client_secret_hash text null,
  registration_type text not null check (registration_type in ('dynamic', 'manual')),
  client_type text not null default 'confidential' check (client_type in ('public', 'confidential')),
  redirect_uris text not null,
  grant_types text not null,
  client_name text null check (char_length(client_name) <= 1024),
  client_uri text null check (char_length(client_uri) <= 2048),
  logo_uri text null check (char_length(logo_uri) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz null
);
create index if not exists oauth_clients_deleted_at_idx on auth.oauth_clients (deleted_at);
comment on table auth.oauth_clients is
  'OAuth 2.1 server clients (GoTrue''s oauth_clients): redirect URIs and grant types space-separated; the secret '
  'only as its SHA-256 hash.';
revoke all on auth.oauth_clients from public, anon, authenticated;
