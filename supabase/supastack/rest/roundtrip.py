"""One round trip to PostgreSQL through the libpq handle of one of REST's own connections (`Link`).

psycopg's pipeline mode spends tens of microseconds of Python per statement (a cursor, a generator and
a queue entry each), and a REST request sends four tiny statements. Here the steps are queued straight
into libpq's pipeline, closed by one Sync, flushed once, and the results read back: one round trip and
very little Python. Statements marked `prepare` are prepared once per connection under names this module
owns (`rest_<n>`).

The caller holds the Link (from `rest/connections.py`) for the whole call: nothing else drives it.
"""
from __future__ import annotations

import itertools
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from psycopg import errors, pq

from supastack.rest.connections import Link

STATEMENTS_PER_CONNECTION = 200   # prepared statements kept per connection (least recently used go first)

OK = pq.ExecStatus.COMMAND_OK
FAILED = pq.ExecStatus.FATAL_ERROR
SYNC = pq.ExecStatus.PIPELINE_SYNC

_names = itertools.count(1)


@dataclass(frozen=True, slots=True)
class Step:
    """One statement: text with $n placeholders, its parameters as psycopg dumped them."""
    sql: bytes
    params: Sequence[bytes | bytearray | memoryview | None] | None = None
    types: tuple[int, ...] = ()
    formats: Sequence[pq.Format] | None = None
    prepare: bool = False


class _Registry:
    """The statements prepared on one connection: (sql, types) -> name, least recently used first."""

    def __init__(self) -> None:
        self.names: OrderedDict[tuple, bytes] = OrderedDict()
        self.evicted: list[bytes] = []

    def lookup(self, key: tuple) -> bytes | None:
        name = self.names.get(key)
        if name is not None:
            self.names.move_to_end(key)
        return name

    def add(self, key: tuple) -> bytes:
        name = b"rest_%d" % next(_names)
        self.names[key] = name
        while len(self.names) > STATEMENTS_PER_CONNECTION:
            self.evicted.append(self.names.popitem(last=False)[1])
        return name

    def forget(self, name: bytes) -> None:
        for key, value in list(self.names.items()):
            if value == name:
                del self.names[key]


def _registry(link: Link) -> _Registry:
    registry = link.registry
    if registry is None:
        registry = link.registry = _Registry()
    return registry  # type: ignore[return-value]


async def _next_result(link: Link) -> pq.abc.PGresult:
    result = await link.result()
    while result is None:   # the end marker of the previous command
        result = await link.result()
    return result


async def round_trip(link: Link, steps: Sequence[Step]) -> list[pq.abc.PGresult]:
    """Run `steps` in one pipeline; their results in order. Raises the first server error as psycopg does
    (after reading everything up to the Sync, so the connection is ready for a ROLLBACK).

    Any other failure (cancellation, a broken socket) closes the connection: its protocol state is unknown.
    """
    pg = link.pg
    registry = _registry(link)
    try:
        pg.enter_pipeline_mode()
        # what each result read back stands for: ("close"|"prepare", name) or ("step", None)
        expected: list[tuple[str, bytes | None]] = []
        for evicted in registry.evicted:
            pg.send_close_prepared(evicted)
            expected.append(("close", evicted))
        registry.evicted.clear()
        for step in steps:
            if step.prepare:
                key = (step.sql, step.types)
                name = registry.lookup(key)
                if name is None:
                    name = registry.add(key)
                    pg.send_prepare(name, step.sql, param_types=step.types or None)
                    expected.append(("prepare", name))
                pg.send_query_prepared(name, step.params, param_formats=step.formats)
            else:
                pg.send_query_params(step.sql, step.params, param_types=step.types or None,
                                     param_formats=step.formats)
            expected.append(("step", None))
        pg.pipeline_sync()
        await link.flush()
        results: list[pq.abc.PGresult] = []
        error: pq.abc.PGresult | None = None
        for kind, name in expected:
            # the results of one pipeline usually arrive together: awaited only while libpq has none whole
            while True:
                if pg.is_busy():
                    await link.wait()
                result = pg.get_result()
                if result is not None:   # None ends the previous statement's results
                    break
            if kind == "step":
                results.append(result)
            elif kind == "prepare" and name is not None and result.status != OK:
                registry.forget(name)   # skipped after an earlier error, or refused: not on the server
            if result.status == FAILED and error is None:
                error = result
        result = await _next_result(link)
        while result.status != SYNC:
            result = await _next_result(link)
        pg.exit_pipeline_mode()
        sqlstate = error.error_field(pq.DiagnosticField.SQLSTATE) if error is not None else None
        if sqlstate == b"0A000":
            # "cached plan must not change result type" (a column changed type): prepare afresh
            registry.evicted.extend(registry.names.values())
            registry.names.clear()
        elif sqlstate == b"26000":
            # our statements are gone (DEALLOCATE ALL or DISCARD ALL on the connection)
            registry.names.clear()
    except BaseException:
        link.registry = None
        await link.close()
        raise
    if error is not None:
        raise errors.error_from_result(error, encoding=link.encoding)
    return results


def is_lost_statement(exc: Exception) -> bool:
    """The server no longer knows one of our prepared statements: the request can safely run again,
    as nothing ran (the error comes from binding the statement, and the transaction was rolled back)."""
    return isinstance(exc, errors.InvalidSqlStatementName) and "rest_" in str(exc)


async def simple(link: Link, sql: bytes) -> None:
    """One statement without parameters (COMMIT, ROLLBACK), same bookkeeping as `round_trip`."""
    await round_trip(link, (Step(sql),))
