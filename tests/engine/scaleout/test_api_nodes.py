"""Three API nodes (separate `supastack serve` processes on one database) behind HAProxy, stored objects on one
S3 server (moto's) shared by all. Under a write load through the balancer one node is killed with SIGKILL:

- only requests in flight on that node fail (at most one per writer: each has one request at a time), the
  others go on, and the balancer's health check takes the node out;
- a session opened before (signed in through the balancer) keeps working: its token is read by any node and
  its refresh token is exchanged on a survivor;
- a realtime subscriber (supabase-js through the balancer) receives a change made after the kill: its socket was
  on a survivor, or the client reconnected to one;
- an object uploaded before the kill (whichever node took it) is downloaded after it.
"""
from __future__ import annotations

import signal
import sys
import time
import uuid
from pathlib import Path

import httpx
import pytest

HERE = Path(__file__).parent
sys.path[:0] = [str(HERE.parent / "realtime")]

from balancer import Balancer, haproxy_binary  # noqa: E402
from failover_load import PROBE_SQL, Writers  # noqa: E402

from harness import StackProcess, moto_server  # noqa: E402
from realtime_helpers import NodeListener  # noqa: E402

DEMO_PASSWORD = "Demo@12345"
S3 = {"STORAGE_BACKEND": "s3", "STORAGE_S3_BUCKET": "objects", "STORAGE_S3_REGION": "us-east-1",
      "STORAGE_S3_ACCESS_KEY_ID": "test-key", "STORAGE_S3_SECRET_ACCESS_KEY": "test-secret"}

pytestmark = pytest.mark.skipif(haproxy_binary() is None,
                                reason="haproxy is not installed: `make install` installs Debian's package when "
                                       "run as root (apt-get install haproxy)")


@pytest.fixture(scope="module")
def nodes(cluster, tmp_path_factory):
    folder = tmp_path_factory.mktemp("nodes")
    started: list[StackProcess] = []
    with moto_server(folder) as s3_url:
        try:
            # the nodes share one database, so they share one access-token signing key (each data folder would
            # make its own: docs/deploy.md, several API nodes)
            env = {**S3, "STORAGE_S3_ENDPOINT": s3_url, "AUTH_SIGNING_KEYS_PATH": str(folder / "signing_keys.json")}
            first = StackProcess(cluster, name="node-a", env=env)
            started.append(first)
            first.sql(PROBE_SQL)
            for name in ("node-b", "node-c"):
                started.append(StackProcess(cluster, name=name, env={**env, "DATABASE_URL": first.db_url}))
            balancer = Balancer(folder, [s.url for s in started])
            try:
                yield started, balancer
            finally:
                balancer.stop()
        finally:
            for s in started:
                s.stop()


def test_kill_9_of_one_of_three_nodes_fails_only_its_requests_in_flight(nodes, capsys):
    stacks, balancer = nodes
    first = stacks[0]
    api = balancer.url
    anon = {"apikey": first.anon_key}
    service = {"apikey": first.service_role_key, "Authorization": f"Bearer {first.service_role_key}"}

    # a session and an object from before the kill
    signed = httpx.post(f"{api}/auth/v1/token?grant_type=password", headers=anon, timeout=30,
                        json={"email": "maria.silva@cliente.test", "password": DEMO_PASSWORD})
    assert signed.status_code == 200, signed.text
    session = signed.json()
    name = f"scaleout/{uuid.uuid4().hex}.pdf"
    body = b"%PDF-1.4 shared storage " + uuid.uuid4().bytes
    up = httpx.post(f"{api}/storage/v1/object/client_documents/{name}", headers={
        **service, "Content-Type": "application/pdf"}, content=body, timeout=30)
    assert up.status_code == 200, up.text

    listener = _listener_via(balancer, first)
    writers = Writers(api, first.service_role_key, count=6).start()
    try:
        listener.wait(lambda e: e.get("status") == "SUBSCRIBED", timeout=30)
        assert writers.wait_acked_after(0, 60, timeout=30), writers.failed[-5:]
        victim = stacks[1]
        killed_at = time.monotonic()
        victim.proc.send_signal(signal.SIGKILL)
        victim.proc.wait(10)
        victim.proc = None
        assert writers.wait_acked_after(killed_at + 2, 100, timeout=30), writers.failed[-5:]
    finally:
        writers.stop()
    failed_after = [why for t, why in writers.failed if t >= killed_at]
    with capsys.disabled():
        print(f"\n[3 nodes, one killed] acknowledged writes {len(writers.acked)}, failed {len(writers.failed)} "
              f"({len(failed_after)} after the kill: {failed_after[:3]})")
    # each writer had one request in flight at the kill: no more than that may fail
    assert len(failed_after) <= writers.count, failed_after
    assert len(writers.failed) - len(failed_after) == 0, writers.failed
    in_db = {row[0] for row in first.sql("select id from public.failover_probe")}
    assert writers.lost(in_db) == []

    # the session from before: its token read by the survivors, its refresh token exchanged on one of them
    bearer = {**anon, "Authorization": f"Bearer {session['access_token']}"}
    for _ in range(4):                         # round robin: both survivors answer
        me = httpx.get(f"{api}/auth/v1/user", headers=bearer, timeout=30)
        assert me.status_code == 200 and me.json()["email"] == "maria.silva@cliente.test", me.text
    refreshed = httpx.post(f"{api}/auth/v1/token?grant_type=refresh_token", headers=anon, timeout=30,
                           json={"refresh_token": session["refresh_token"]})
    assert refreshed.status_code == 200, refreshed.text

    # the object stored before the kill, read through whichever node answers now
    for _ in range(2):
        down = httpx.get(f"{api}/storage/v1/object/client_documents/{name}", headers=service, timeout=30)
        assert down.status_code == 200 and down.content == body

    # realtime: a change made now reaches the subscriber
    row_id = 990_000_000 + int(time.time()) % 1_000_000
    created = httpx.post(f"{api}/rest/v1/failover_probe", headers={**service, "Prefer": "return=minimal"},
                         json={"id": row_id, "writer": 99}, timeout=30)
    assert created.status_code == 201, created.text
    try:
        listener.wait(lambda e: e.get("type") == "postgres_changes" and e["new"]["id"] == row_id, timeout=30)
    finally:
        listener.close()


class _Via:
    """A stack-like object naming the balancer's URL, for NodeListener."""

    def __init__(self, balancer: Balancer, stack: StackProcess) -> None:
        self.url = balancer.url
        self.anon_key = stack.anon_key


def _listener_via(balancer: Balancer, stack: StackProcess) -> NodeListener:
    return NodeListener(_Via(balancer, stack), {
        "channel": "nodes", "listenBroadcast": False, "reconnectMs": 500,
        "postgres_changes": [{"event": "INSERT", "schema": "public", "table": "failover_probe"}]})
