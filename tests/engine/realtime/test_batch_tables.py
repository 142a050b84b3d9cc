"""A batch's tables are RLS-checked at once (realtime/changes.py `check`), a few at a time: the batch waits for its
slowest table rather than the sum, and a batch over many tables does not take the shared pool from the other
services."""
from __future__ import annotations

import asyncio

from supastack.realtime import changes
from supastack.realtime.capture import Catalog, TableInfo
from supastack.realtime.channels import Binding, Channel, Hub


class Outbox:
    vsn = "2.0.0"

    def __init__(self) -> None:
        self.sent: list[str] = []

    def send(self, data: str | bytes) -> None:
        self.sent.append(str(data))


def table(name: str) -> TableInfo:
    return TableInfo(oid=0, schema="public", name=name, rls=True, replica_full=False, primary_key=("id",),
                     readers=frozenset({"authenticated"}), columns=(), trigger_args=None)


async def test_the_tables_of_a_batch_are_checked_at_once_a_few_at_a_time(monkeypatch):
    names = [f"t{i}" for i in range(7)]
    catalog = Catalog(tables={("public", n): table(n) for n in names})
    hub = Hub()
    outbox = Outbox()
    channel = Channel(outbox, "realtime:office", "1", {"sub": "00000000-0000-4000-8000-000000000001",
                                                      "role": "authenticated"}, "token")
    channel.bindings = [Binding(1, {}, "INSERT", "public", None, None)]
    hub.add(channel)
    running = 0
    most = 0
    checked: list[str] = []

    async def fake_visible_rows(db, info, records, groups, wanted=None):
        nonlocal running, most
        running += 1
        most = max(most, running)
        await asyncio.sleep(0.05)
        running -= 1
        checked.append(info.name)
        return {key: set(range(len(records))) for key in groups}

    monkeypatch.setattr(changes, "visible_rows", fake_visible_rows)
    batch = [{"schema": "public", "table": n, "type": "INSERT", "commit_timestamp": "2026-11-28T00:00:00.000Z",
              "record": {"id": i}, "old_record": None} for i, n in enumerate(names)]
    plans = await changes.check(batch, catalog, hub, db=None)  # type: ignore[arg-type]
    assert sorted(checked) == names
    assert most == changes.TABLES_AT_ONCE         # at once (not one after another), and no more than that
    assert changes.send(plans) == len(names)      # every change still reaches the channel, in the batch's order
    assert [f'"{n}"' in frame for n, frame in zip(names, outbox.sent, strict=True)] == [True] * len(names)
