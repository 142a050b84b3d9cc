"""A bounded write load through the REST API, and what it measures across a failover (tests and `make bench`).

`Writers(url, key, n)` runs `n` threads, each inserting rows with ids of its own into `public.failover_probe`
one after another, and records which inserts were acknowledged (201) and when. After the run:
- `outage(since)`: from `since` (the kill) to the first acknowledged write after it;
- `lost(rows_in_db)`: the acknowledged ids the database does not have.
"""
from __future__ import annotations

import itertools
import threading
import time
from dataclasses import dataclass, field

import httpx

_instances = itertools.count(1)   # each Writers its own id range: two runs on one table never collide

PROBE_SQL = """
create table public.failover_probe (id bigint primary key, writer int not null, at timestamptz default now());
grant select, insert on public.failover_probe to anon, authenticated, service_role;
alter publication supabase_realtime add table public.failover_probe;
notify pgrst, 'reload schema';
"""


@dataclass
class Writers:
    url: str
    key: str
    count: int = 4
    acked: list[tuple[float, int]] = field(default_factory=list)
    started: dict[int, float] = field(default_factory=dict)
    failed: list[tuple[float, str]] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    _threads: list[threading.Thread] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _range: int = field(default_factory=lambda: next(_instances) * 1_000_000_000)

    def start(self) -> Writers:
        for n in range(self.count):
            t = threading.Thread(target=self._run, args=(n,), daemon=True)
            t.start()
            self._threads.append(t)
        return self

    def _run(self, writer: int) -> None:
        headers = {"apikey": self.key, "Authorization": f"Bearer {self.key}", "Prefer": "return=minimal"}
        seq = 0
        with httpx.Client(base_url=self.url, headers=headers, timeout=10) as client:
            while not self._stop.is_set():
                seq += 1
                row_id = self._range + writer * 10_000_000 + seq
                began = time.monotonic()
                try:
                    r = client.post("/rest/v1/failover_probe", json={"id": row_id, "writer": writer})
                    ok, why = r.status_code == 201, f"{r.status_code} {r.text[:120]}"
                except httpx.HTTPError as exc:
                    ok, why = False, repr(exc)[:160]
                with self._lock:
                    if ok:
                        self.acked.append((time.monotonic(), row_id))
                        self.started[row_id] = began
                    else:
                        self.failed.append((time.monotonic(), why))
                if not ok:
                    time.sleep(0.05)
                else:
                    time.sleep(0.01)

    def acked_after(self, since: float) -> list[int]:
        """The acknowledged writes sent after `since`."""
        with self._lock:
            return [i for _, i in self.acked if self.started[i] > since]

    def wait_acked_after(self, since: float, count: int, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if len(self.acked_after(since)) >= count:
                return True
            time.sleep(0.05)
        return False

    def stop(self) -> None:
        self._stop.set()
        for t in self._threads:
            t.join(15)

    def outage(self, since: float) -> float:
        """Seconds from `since` to the first acknowledged write sent after it (a request in flight at `since`
        that the old primary had committed does not count)."""
        with self._lock:
            after = [t for t, i in self.acked if self.started[i] > since]
        return (min(after) - since) if after else float("inf")

    def lost(self, in_db: set[int]) -> list[int]:
        with self._lock:
            return sorted(i for _, i in self.acked if i not in in_db)
