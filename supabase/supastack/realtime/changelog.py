"""The change log: recent changes kept in order, so a process whose LISTEN connection dropped catches up.

The capture trigger writes every change to `realtime.change_log` with a sequence number and its
transaction id, and NOTIFYs the same payload (or only its number when too large). NOTIFY reaches only
connections listening at commit time, so after a reconnection the process reads back what it may have
missed. Which rows those are follows from transaction ids, not sequence numbers (numbers are taken at
write time, commits may land in another order, and rolled-back numbers never appear):

- every second each process NOTIFYs a *mark* carrying the oldest running transaction id (`xmin`); a
  transaction below it had ended before the mark committed, so its changes came before the mark on the
  same LISTEN connection. After handling a mark, a process has handled everything below its `horizon`;
- on reconnecting it LISTENs again, then reads the rows at or above its horizon (the rows committed
  before that read; later ones arrive by NOTIFY), in sequence order, skipping the numbers it delivered.

Rows are trimmed by age and count; the highest trimmed transaction id is kept, so a catch-up that needs
trimmed rows (or finds a database that went back in time) knows it cannot fill the gap and says so.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import psycopg

from supastack.core.rows import one

KEEP_SECONDS = 600           # how long a process may stay disconnected and still catch up
KEEP_ROWS = 100_000

SETUP_SQL = """
create table if not exists realtime.change_log (
  seq        bigint primary key,
  xid        bigint not null,
  payload    jsonb not null,
  created_at timestamptz not null default now()
);
comment on table realtime.change_log is
  'Recent row changes in capture order, read back by realtime processes that reconnect.';
create table if not exists realtime.change_log_state (
  id          boolean primary key default true check (id),
  trimmed_xid bigint not null default 0
);
comment on table realtime.change_log_state is
  'Highest transaction id whose changes were trimmed from realtime.change_log.';
insert into realtime.change_log_state default values on conflict do nothing;
alter table realtime.change_log enable row level security;
alter table realtime.change_log_state enable row level security;
revoke all on realtime.change_log, realtime.change_log_state from public, anon, authenticated;
"""

MARK_SQL = ("select pg_notify(%s, json_build_object("
            "'mark', pg_snapshot_xmin(pg_current_snapshot())::text::bigint)::text)")

_SNAPSHOT_SQL = ("select pg_snapshot_xmin(pg_current_snapshot())::text::bigint, "
                 "pg_snapshot_xmax(pg_current_snapshot())::text::bigint")
_TRIMMED_SQL = "select trimmed_xid from realtime.change_log_state"
_ROWS_SQL = "select payload from realtime.change_log where xid >= %s order by seq"

_TRIM_SQL = """
with gone as (
  delete from realtime.change_log
   where created_at < now() - make_interval(secs => %s)
      or seq <= (select max(seq) from realtime.change_log) - %s
  returning xid)
update realtime.change_log_state set trimmed_xid = greatest(trimmed_xid, (select max(xid) from gone))
 where exists (select 1 from gone)
"""


@dataclass
class Cursor:
    """What this process has handled: every transaction below `horizon`, and the `seen` numbers above it."""
    horizon: int | None = None                          # None until the first connection
    seen: dict[int, int] = field(default_factory=dict)  # seq -> xid, for xid >= horizon

    def take(self, seq: int, xid: int) -> bool:
        """True the first time a change is offered (deliver it); False for one already handled."""
        if (self.horizon is not None and xid < self.horizon) or seq in self.seen:
            return False
        self.seen[seq] = xid
        return True

    def advance(self, horizon: int) -> None:
        """A mark arrived: everything below `horizon` is handled, so forget those numbers."""
        if self.horizon is None or horizon > self.horizon:
            self.horizon = horizon
            self.seen = {seq: xid for seq, xid in self.seen.items() if xid >= horizon}


@dataclass(frozen=True, slots=True)
class CatchUp:
    """What a connection found: logged rows in order, and whether some changes cannot be recovered.

    On a first connection (`first`) the rows are history, handled before this process existed; `horizon`
    is then where its cursor starts.
    """
    rows: list[dict]
    first: bool = False
    horizon: int = 0
    lost: bool = False


async def catch_up(conn: psycopg.AsyncConnection, horizon: int | None) -> CatchUp:
    """Read back, in one snapshot, the logged changes at or above `horizon` (run after LISTEN).

    On the first connection (no horizon yet) the rows found are history, not to be delivered but to be
    remembered as handled, and the snapshot's xmin becomes the horizon.
    """
    async with conn.transaction():
        await conn.execute("set transaction isolation level repeatable read")
        xmin, xmax = one(await (await conn.execute(_SNAPSHOT_SQL)).fetchone())
        try:
            async with conn.transaction():
                trimmed = one(await (await conn.execute(_TRIMMED_SQL)).fetchone())[0]
                cur = await conn.execute(_ROWS_SQL, (xmin if horizon is None else horizon,))
                rows = [payload for (payload,) in await cur.fetchall()]
        except psycopg.errors.UndefinedTable:
            trimmed, rows = None, []           # no log (yet, or any more): nothing can be read back
    if horizon is None:
        return CatchUp(rows, first=True, horizon=xmin)
    # lost: no log, trimmed rows at or above the horizon, or a horizon from the future (another database)
    return CatchUp(rows, lost=trimmed is None or trimmed >= horizon or horizon > xmax)


async def stored_payload(conn: psycopg.AsyncConnection, seq: int) -> dict | None:
    """A change whose payload was too large for NOTIFY."""
    row = await (await conn.execute("select payload from realtime.change_log where seq = %s", (seq,))).fetchone()
    return row[0] if row else None


async def mark(conn: psycopg.AsyncConnection, channel: str) -> None:
    await conn.execute(MARK_SQL, (channel,))


async def trim(conn: psycopg.AsyncConnection) -> None:
    await conn.execute(_TRIM_SQL, (KEEP_SECONDS, KEEP_ROWS))
