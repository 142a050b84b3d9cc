"""Failover of a replicated PostgreSQL under a running stack: a primary and a streaming hot standby, the stack
connected through one multi-host DATABASE_URL (`target_session_attrs=read-write`). Under a bounded write load
the primary is killed with SIGKILL (every process of it) and the standby promoted, as Patroni or a managed
service would; then the old primary's machine rejoins as an asynchronous standby of the new primary (a fresh
base backup on its old port) and the new primary is killed in turn. Twice, without a restart of the stack:

- writes are served again within WRITE_OUTAGE_SECONDS of the kill (the figure is printed);
- synchronous mode (`synchronous_standby_names`): no acknowledged write is lost; asynchronous mode: the writes
  lost are counted and printed (the loss window), and never more than what was in flight at the kill;
- a realtime subscriber (supabase-js) keeps its socket and receives every committed change of the gap, or is
  told by a `system` error that it cannot (asynchronous mode, when the new primary lacks what it had seen);
- a job scheduled every second runs once per slot (a second run of a slot fails on its primary key);
- the outbox sends no notification twice: one sent before the kill is not sent again in synchronous mode
  (its 'sent' was on the standby), and every e-mail the fake server took is one delivery (one Message-ID).
"""
from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).parent
sys.path[:0] = [str(HERE.parents[1] / "product" / "outbox"), str(HERE.parent / "realtime")]

from failover_load import PROBE_SQL, Writers  # noqa: E402
from fakes import FakeSmtp  # noqa: E402
from outbox_helpers import FAST, change_stage, consent  # noqa: E402
from replication import ReplicatedCluster  # noqa: E402

from harness import StackProcess  # noqa: E402
from realtime_helpers import NodeListener  # noqa: E402

# from the kill to the first acknowledged write: the promotion itself (about 1 s here) plus the pool finding
# the new primary; measured 2 to 4 s on this 2-core machine with other suites running, so this leaves room
WRITE_OUTAGE_SECONDS = 20
DETECTION_DELAY = 1.0    # what the failover manager takes to decide (Patroni's ttl is 30 s by default)


def test_primary_killed_under_load_standby_promoted_sync_then_async(capsys):
    """One stack, two failovers: the synchronous pair fails over; the old primary's machine comes back as an
    asynchronous standby of the new one; that one fails over in turn (back to the first machine's port)."""
    cluster = ReplicatedCluster(synchronous=True)
    smtp = FakeSmtp()
    stack = None
    listener = None
    try:
        stack = StackProcess(cluster, name="failover", env={
            **FAST, "SMTP_HOST": "127.0.0.1", "SMTP_PORT": str(smtp.port), "OUTBOX_SEND_TIMEOUT_SECONDS": "2"})
        stack.sql(PROBE_SQL)
        stack.sql("create table public.failover_cron (slot timestamptz primary key)")
        [(jobid,)] = stack.sql("select cron.schedule('failover-every-second', '1 seconds', $$insert into "
                               "public.failover_cron values (current_setting('supastack.cron_slot')::timestamptz)$$)")
        consent(stack, "email")
        listener = NodeListener(stack, {"channel": "failover", "listenBroadcast": False, "postgres_changes": [
            {"event": "INSERT", "schema": "public", "table": "failover_probe"}]})
        listener.wait(lambda e: e.get("status") == "SUBSCRIBED", timeout=30)

        _failover(cluster, stack, listener, smtp, capsys, round_=1)
        cluster.rejoin_old_primary(synchronous=False)
        _failover(cluster, stack, listener, smtp, capsys, round_=2)

        stack.sql("select cron.unschedule('failover-every-second')")
        statuses = dict(stack.sql("select status, count(*) from cron.job_run_details where jobid = %s "
                                  "group by status", (jobid,)))
        assert statuses.get("failed", 0) == 0, statuses
        hits = stack.sql("select count(*), count(distinct slot) from public.failover_cron")[0]
        assert hits[0] == hits[1]
    finally:
        if listener:
            listener.close()
        if stack:
            stack.stop()
        smtp.stop()
        cluster.stop()


def _failover(cluster: ReplicatedCluster, stack: StackProcess, listener: NodeListener, smtp: FakeSmtp, capsys,
              round_: int) -> None:
    synchronous = cluster.synchronous
    sent_before = len(smtp.raw)
    writers = Writers(stack.url, stack.service_role_key).start()
    try:
        started = time.monotonic()
        assert writers.wait_acked_after(started, 20, timeout=30), writers.failed[-5:]
        change_stage(stack)                           # one e-mail sent before the failover
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and len(stack.sql(
                "select 1 from public.notification_deliveries where channel = 'email' and status = 'sent'"
        )) < 2 * round_ - 1:
            time.sleep(0.1)
        assert len(smtp.raw) == sent_before + 1

        killed_at = cluster.failover(DETECTION_DELAY)
        served_again = writers.wait_acked_after(killed_at, 20, timeout=WRITE_OUTAGE_SECONDS + 10)
        outage = writers.outage(killed_at)
        change_stage(stack)                           # and one after
        time.sleep(2)
    finally:
        writers.stop()

    assert served_again and outage < WRITE_OUTAGE_SECONDS, (outage, writers.failed[-5:], stack.log_tail())
    assert stack.sql("select pg_is_in_recovery(), inet_server_port()")[0] == (False, cluster.standby.port)
    in_db = {row[0] for row in stack.sql("select id from public.failover_probe")}
    lost = writers.lost(in_db)
    mode = "synchronous" if synchronous else "asynchronous"
    with capsys.disabled():
        print(f"\n[{mode}] write outage {outage:.2f} s (kill -9 to first acknowledged write, promotion after "
              f"{DETECTION_DELAY:.0f} s), acknowledged writes {len(writers.acked)}, lost {len(lost)}, "
              f"failed requests {len(writers.failed)} "
              f"{Counter(why.split(' ', 1)[0] for _, why in writers.failed).most_common(3)}")
    if synchronous:
        assert lost == []
    else:
        # only what was committed on the old primary and not yet streamed: a few in-flight writes at most
        assert len(lost) <= writers.count * 5, lost

    # realtime: the socket stayed open; every change of the new primary reached the subscriber, or it was told
    # that some could not be delivered
    def received() -> set[int]:
        listener.drain(0)
        return {e["new"]["id"] for e in listener.seen if e.get("type") == "postgres_changes"}

    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not in_db <= received():
        time.sleep(0.2)
    told = [e for e in listener.seen if e.get("type") == "system" and e.get("status") == "error"]
    missing = in_db - received()
    assert not missing or told, (len(missing), sorted(missing)[:5])
    if synchronous:
        assert not missing
    assert set(writers.acked_after(killed_at)) <= received() | set(lost)   # what the new primary committed, live

    # cron: slots run on the new primary (each once: a second run of a slot fails on its primary key)
    def slots_since_kill() -> int:
        return stack.sql("select count(*) from public.failover_cron where slot > now() - %s * interval '1 s'",
                         (time.monotonic() - killed_at,))[0][0]
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and slots_since_kill() < 2:
        time.sleep(0.2)
    assert slots_since_kill() >= 2

    # outbox: both stage changes mailed, each delivery once (a retry would carry the same Message-ID); in
    # synchronous mode the delivery recorded as sent before the kill is not sent again
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and len(stack.sql(
            "select 1 from public.notification_deliveries where channel = 'email' and status = 'sent'")) < 2 * round_:
        time.sleep(0.2)
    sent = stack.sql("select id, provider_message_id, attempts from public.notification_deliveries "
                     "where channel = 'email' and status = 'sent'")
    assert len(sent) == 2 * round_, sent
    assert len(smtp.unique) == 2 * round_, [m["message_id"] for m in smtp.raw]
    if synchronous:
        assert len(smtp.raw) == sent_before + 2, ([m["message_id"] for m in smtp.raw], sent)
