"""Auth tables beyond the platform bootstrap, created at start-up (any project, not only this product's):
GoTrue's MFA tables (mfa_factors, mfa_challenges, mfa_amr_claims, with GoTrue's columns), the last TOTP
time step each factor accepted (auth.mfa_totp_used_steps: a code opens one session only) and the local SMS sink
(auth.sms_sink: what an SMS provider would have sent), and the e-mails and SMS anyone asked for
(auth.message_requests: the budgets of auth/mail_limits.py, once rows of auth.failed_sign_ins with kinds
'email_sent:*' / 'sms_sent:*', moved here once)."""
from __future__ import annotations

SCHEMA_SQL = """
select pg_advisory_xact_lock(hashtext('supastack.auth.schema'));
do $$ begin create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
exception when duplicate_object then null; end $$;
do $$ begin create type auth.factor_status as enum ('unverified', 'verified');
exception when duplicate_object then null; end $$;
create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text null,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text null,
  phone text unique default null,
  last_challenged_at timestamptz unique default null,
  web_authn_credential jsonb null,
  web_authn_aaguid uuid null,
  last_webauthn_challenge_data jsonb null
);
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id)
  where trim(friendly_name) <> '';
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz null,
  ip_address inet not null,
  otp_code text null,
  web_authn_session_data jsonb null
);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);
create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null constraint amr_id_pk primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);
create table if not exists auth.mfa_totp_used_steps (
  factor_id uuid primary key references auth.mfa_factors (id) on delete cascade,
  last_step bigint not null,
  updated_at timestamptz not null default now()
);
create table if not exists auth.sms_sink (
  id bigserial primary key,
  phone text not null,
  body text not null,
  created_at timestamptz not null default now()
);
create table if not exists auth.message_requests (
  id bigserial primary key,
  channel text not null check (channel in ('email', 'sms')),
  purpose text not null,
  address text not null,
  ip text not null default '',
  created_at timestamptz not null default now()
);
comment on table auth.message_requests is
  'Auth e-mails and SMS asked for (/otp, /recover, /resend, /signup), sent or answered alike: '
  'the per-IP hourly budget and the per-address interval.';
create index if not exists message_requests_ip_idx on auth.message_requests (ip, channel, created_at);
create index if not exists message_requests_address_idx
  on auth.message_requests (address, channel, purpose, created_at);
create index if not exists message_requests_created_idx on auth.message_requests (created_at);
do $$ begin
  if to_regclass('auth.failed_sign_ins') is not null then
    insert into auth.message_requests (channel, purpose, address, ip, created_at)
    select case when kind like 'sms_sent:%' then 'sms' else 'email' end, split_part(kind, ':', 2),
           coalesce(email, ''), coalesce(ip, ''), created_at
      from auth.failed_sign_ins where kind like 'email_sent:%' or kind like 'sms_sent:%';
    delete from auth.failed_sign_ins where kind like 'email_sent:%' or kind like 'sms_sent:%';
  end if;
end $$
"""


async def ensure_schema(db) -> None:
    async with db.connection() as conn:
        async with conn.transaction():
            for statement in _statements(SCHEMA_SQL):
                await conn.execute(statement)


def _statements(sql: str) -> list[str]:
    """One statement at a time (the pool prepares them): split at ';' line ends outside $$ blocks."""
    out, current, in_dollar = [], [], False
    for line in sql.strip().splitlines():
        in_dollar ^= line.count("$$") % 2 == 1
        current.append(line)
        if not in_dollar and line.rstrip().endswith(";"):
            out.append("\n".join(current).rstrip().rstrip(";"))
            current = []
    if "".join(current).strip():
        out.append("\n".join(current))
    return out
