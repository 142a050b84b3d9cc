"""PostgREST's switches for features that are off unless the project turns them on.

`db-aggregates-enabled` (aggregate functions in `select`) and `db-plan-enabled` (EXPLAIN output through
`Accept: application/vnd.pgrst.plan`), read as PostgREST reads them: the in-database settings of the
authenticator role (`alter role authenticator [in database ...] set pgrst.db_aggregates_enabled = 'true'`,
applied on `notify pgrst, 'reload config'` or a schema reload) win over the environment
(PGRST_DB_AGGREGATES_ENABLED, PGRST_DB_PLAN_ENABLED), which wins over config.toml (`[api] plan_enabled`).
When none of them says, plan output is on in local development (as the test setups of the Supabase clients run
PostgREST) and off in production mode; aggregates are off.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

import psycopg

# The authenticator's settings: database-specific ones first, as PostgREST orders them.
ROLE_SETTINGS_SQL = """
select distinct on (k) k, v from (
  select s.setdatabase, split_part(c, '=', 1) as k, substr(c, strpos(c, '=') + 1) as v
  from pg_catalog.pg_db_role_setting s cross join unnest(s.setconfig) as c
  where s.setrole = (select oid from pg_catalog.pg_roles where rolname = 'authenticator')
    and s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
) as settings
where k like 'pgrst.%'
order by k, setdatabase desc
"""


@dataclass(frozen=True, slots=True)
class Switches:
    aggregates_enabled: bool = False
    plan_enabled: bool = False


def as_bool(value: object) -> bool | None:
    """PostgREST's reading of a boolean: true/false in any case (other characters ignored), else a number
    (> 0 is true); None when it is neither."""
    if isinstance(value, bool):
        return value
    text = str(value)
    letters = re.sub(r"[^A-Za-z]", "", text).lower()
    if letters in ("true", "false"):
        return letters == "true"
    try:
        return int(text.strip()) > 0
    except ValueError:
        return None


def _pick(name: str, db: Mapping[str, str], env: Mapping[str, str], file_value: object,
          default: bool = False) -> bool:
    """The value of `db-<name>`: in-database setting, else environment, else config file, else `default`."""
    if f"pgrst.db_{name}" in db:
        raw: object = db[f"pgrst.db_{name}"]
    elif f"PGRST_DB_{name.upper()}" in env:
        raw = env[f"PGRST_DB_{name.upper()}"]
    else:
        raw = file_value
    return bool(as_bool(raw)) if raw is not None else default


def switches(api: Mapping, env: Mapping[str, str], db: Mapping[str, str], local: bool = False) -> Switches:
    """`api` is config.toml's [api] table, `db` the authenticator's pgrst.* settings; `local` is true outside
    production mode, where plan output defaults to on."""
    return Switches(aggregates_enabled=_pick("aggregates_enabled", db, env, api.get("aggregates_enabled")),
                    plan_enabled=_pick("plan_enabled", db, env, api.get("plan_enabled"), default=local))


async def role_settings(conn: psycopg.AsyncConnection) -> dict[str, str]:
    """The authenticator role's `pgrst.*` settings (none when the role does not exist)."""
    cur = await conn.execute(ROLE_SETTINGS_SQL)
    return {k: v for k, v in await cur.fetchall()}
