"""Stage 4, execute: one transaction as the caller's role, the main statement, checks, commit or rollback.

The only REST module that touches connections (REST's own, `rest/connections.py`). Database errors become
RestError here.

The transaction is the one `Database.scope` opens (same role switch, same `request.jwt.claims` and
`request.*` GUCs from core's `caller_gucs`/`request_gucs`, set by a separate statement BEFORE the main
statement is planned, so row-level security and privileges apply to it). BEGIN, set_config, the statement
and COMMIT travel in one round trip (`roundtrip`) when no check has to see the result first, two otherwise.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import psycopg
from psycopg._queries import PostgresQuery
from psycopg.adapt import PyFormat, Transformer
from psycopg.pq.abc import PGresult

from supastack.core.db import set_config_sql
from supastack.rest.connections import Connections
from supastack.rest.errors import RestError, from_database_error
from supastack.rest.roundtrip import Step, is_lost_statement, round_trip, simple
from supastack.rest.sql import MainQuery


@dataclass(frozen=True, slots=True)
class DbResult:
    total: int | None
    page: int
    body: bytes | None          # JSON (or the scalar) exactly as PostgreSQL wrote it
    location: str | None = None
    inserted: int | None = None  # upserts: how many rows were inserted rather than updated


BEGIN = Step(b"begin")
BEGIN_READ_ONLY = Step(b"begin transaction read only")
COMMIT = Step(b"commit")

_dumper = Transformer()   # psycopg's global adapters: the same parameter types psycopg would send


_SET_CONFIG: dict[int, bytes] = {}


def guc_step(settings: Sequence[bytes]) -> Step:
    """`select set_config(name, value, true), ...` for flat [name, value, ...] pairs (transaction-local),
    the statement core's `as_caller` runs, in the protocol's numbered form."""
    count = len(settings) // 2
    sql = _SET_CONFIG.get(count)
    if sql is None:
        sql = _SET_CONFIG[count] = set_config_sql(count, numbered=True).encode()
    return Step(sql, settings, prepare=True)


# Repeated requests reuse one planned MainQuery (the pipeline's query cache), so its converted statement is kept
# too: by the query object's id, holding the object so that the id is not reused while the entry lives. A
# statement that carries a request body (payload_param) keeps the place of that parameter among the converted
# ones, and a request swaps in its own body there (dumped by psycopg's adapter for a str, as convert would).
_STEPS: dict[int, tuple[MainQuery, Step, int | None]] = {}
STEPS_KEPT = 2_000
_payload_dumper = Transformer()


def _payload_place(query: MainQuery, step: Step) -> int | None:
    """Where the body's parameter sits among the converted parameters (None: not there, or not a str)."""
    name = query.payload_param
    if name is None or not isinstance(query.params.get(name), str) or step.params is None:
        return None
    marker = PostgresQuery(_dumper)
    marker.convert(query.text, {**query.params, name: "\x01payload\x01"})
    assert marker.params is not None
    places = [i for i, (a, b) in enumerate(zip(step.params, marker.params, strict=True)) if a != b]
    return places[0] if len(places) == 1 and marker.types == step.types else None


def _convert(query: MainQuery, params: dict, prepare: bool) -> Step:
    converted = PostgresQuery(_dumper)
    converted.convert(query.text, params)
    return Step(converted.query, converted.params, converted.types, converted.formats, prepare=prepare)


def main_step(query: MainQuery, prepare: bool = True, payload: str | None = None) -> Step:
    """The converted statement of `query`; `payload` (a str) replaces the body parameter's value."""
    hit = _STEPS.get(id(query)) if prepare else None
    if hit is None or hit[0] is not query:
        step = _convert(query, query.params, prepare)
        # a statement with a body is kept only when given one: the pipeline swaps bodies into the statements
        # of its query cache only (a one-off statement's body is not held)
        keep = prepare and (query.payload_param is None or payload is not None)
        place = _payload_place(query, step) if keep and payload is not None else None
        if keep and (payload is None or place is not None):
            if len(_STEPS) >= STEPS_KEPT:
                _STEPS.clear()
            _STEPS[id(query)] = (query, step, place)
    else:
        _, step, place = hit
    if payload is None:
        return step
    if place is None or step.params is None:   # no str parameter of its own to swap: convert afresh
        assert query.payload_param is not None
        return _convert(query, {**query.params, query.payload_param: payload}, prepare)
    params = list(step.params)
    params[place] = _payload_dumper.get_dumper(payload, PyFormat.AUTO).dump(payload)
    return Step(step.sql, params, step.types, step.formats, prepare=prepare)


def planned_rows(res: PGresult) -> int | None:
    """The top node's `Plan Rows` of an EXPLAIN (FORMAT JSON) result."""
    value = res.get_value(0, 0)
    if value is None:
        return None
    try:
        return int(json.loads(value)[0]["Plan"]["Plan Rows"])
    except (ValueError, KeyError, IndexError, TypeError):
        return None


def approximate_total(query: MainQuery, exact: int | None, planned: int | None) -> int | None:
    """PostgREST's `count=planned` (the estimate) and `count=estimated` (exact while it stays within
    max_rows, the larger of the capped count and the estimate past it)."""
    if query.count_mode == "planned":
        return planned
    if exact is None or planned is None:
        return exact
    if query.count_threshold is None or exact > query.count_threshold:
        return max(exact, planned)
    return exact


def _result(query: MainQuery, res: PGresult) -> DbResult:
    if query.rowcount_only:
        return DbResult(None, max(res.command_tuples or 0, 0), None)
    total, page, body, location = (res.get_value(0, i) for i in range(4))
    inserted = res.get_value(0, 4) if res.nfields > 4 else None
    # the envelope's page count is never null (0 for no rows)
    return DbResult(int(total) if total is not None else None, int(page), body,  # type: ignore[arg-type]
                    location.decode() if location is not None else None,
                    int(inserted) if inserted is not None else None)


async def execute(links: Connections, query: MainQuery, settings: Sequence[bytes], anonymous: bool,
                  check: Callable[[DbResult], None] | None = None, rollback: bool = False,
                  payload: str | None = None) -> DbResult:
    """Run `query` with the GUCs `settings` (flat name/value pairs, `role` among them) in one transaction;
    `check` may raise a RestError to abort (and roll back) the transaction. `payload`, when given, is this
    request's value of the query's body parameter (the query came from the pipeline's cache)."""
    decide_later = check is not None or rollback
    if decide_later or query.read_only:
        steps = [BEGIN_READ_ONLY if query.read_only else BEGIN, guc_step(settings),
                 main_step(query, payload=payload)]
        if not decide_later:
            steps.append(COMMIT)
    else:
        # No BEGIN/COMMIT needed: what a pipeline sends before its Sync runs as one implicit
        # transaction (committed at the Sync, rolled back on any error), set_config's local values included.
        steps = [guc_step(settings), main_step(query, payload=payload)]
    main = 1 if steps[0].prepare else 2   # the main statement's place, after BEGIN (if any) and set_config
    if query.explain is not None:
        steps.insert(main + 1, main_step(query.explain, prepare=False))
    try:
        conn = await links.get()
        try:
            for attempt in (1, 2):
                try:
                    results = await round_trip(conn, steps)
                    result = _result(query, results[main])
                    if query.explain is not None:
                        total = approximate_total(query, result.total, planned_rows(results[main + 1]))
                        result = replace(result, total=total)
                    if decide_later:
                        if check is not None:
                            check(result)
                        await simple(conn, b"rollback" if rollback else b"commit")
                    return result
                except (psycopg.Error, RestError) as exc:
                    if not conn.broken and conn.pg.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                        try:
                            await simple(conn, b"rollback")
                        except psycopg.Error:
                            pass
                    if attempt == 1 and not conn.broken and is_lost_statement(exc):
                        continue   # prepared again on the same connection
                    raise
            raise AssertionError("the last attempt returns or raises")
        finally:
            links.put(conn)   # closed instead if it is broken or not idle
    except psycopg.OperationalError as exc:
        if exc.diag.sqlstate:
            raise from_database_error(exc, anonymous) from None
        raise RestError(503, "PGRST001", "Database client error. Retrying the connection.", str(exc)) from None
    except psycopg.Error as exc:
        raise from_database_error(exc, anonymous) from None


async def explain(links: Connections, query: MainQuery, settings: Sequence[bytes], anonymous: bool,
                  options: Sequence[str], fmt: str) -> bytes:
    """EXPLAIN of `query` as the caller (same role, claims and settings, so row-level security applies),
    one line per result row as PostgREST answers it. Always rolled back: with ANALYZE the statement runs,
    and a write explained must not stay written."""
    explained = replace(query, text=f"explain (format {fmt}{''.join(', ' + o for o in options)}) " + query.text)
    steps = [BEGIN_READ_ONLY if query.read_only else BEGIN, guc_step(settings), main_step(explained, prepare=False)]
    try:
        conn = await links.get()
        try:
            results = await round_trip(conn, steps)
        finally:
            try:
                if not conn.broken and conn.pg.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                    await simple(conn, b"rollback")
            finally:
                links.put(conn)
    except psycopg.OperationalError as exc:
        if exc.diag.sqlstate:
            raise from_database_error(exc, anonymous) from None
        raise RestError(503, "PGRST001", "Database client error. Retrying the connection.", str(exc)) from None
    except psycopg.Error as exc:
        raise from_database_error(exc, anonymous) from None
    res = results[2]
    return b"".join(bytes(res.get_value(i, 0) or b"") + b"\n" for i in range(res.ntuples))
