"""Load test: 100 concurrent simulated users (staff and clients, each its own JWT) for 60 s through the HTTP API.

Starts its own PostgreSQL and stack with the product's migrations and demo data, creates the users
(30 staff, 70 clients with a portal log-in and one stored document each), then runs one asyncio task
per user that repeats, with a short think time, what that kind of user does in the app:

- client: reads its messages, its processes and documents (REST GETs with filters and order), sends a
  message (insert), asks the RPC current_client_id(), downloads its document (storage);
- staff: reads clients with their processes embedded, interactions filtered by type with the client
  embedded, a client's messages; records an interaction (insert) and corrects one it recorded (update),
  answers a client (insert), asks the RPC is_staff(), downloads a client's document.

Pass: no errors (any status other than the expected one, or a failed request), p99 of the reads (GETs,
RPCs, downloads) < 100 ms, and every acknowledged write is in the database afterwards (inserts counted
by id, each update's last acknowledged content read back).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import httpx  # noqa: E402
import psycopg  # noqa: E402

from harness import Cluster, StackProcess  # noqa: E402
from supastack.core import jwt  # noqa: E402

TARGET_READ_P99_MS = 100.0
BUCKET = "client_documents"


def pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


class Response:
    def __init__(self, status_code: int, body: bytes) -> None:
        self.status_code, self.content = status_code, body

    @property
    def text(self) -> str:
        return self.content.decode(errors="replace")

    def json(self):
        return json.loads(self.content)


class Http:
    """A minimal HTTP/1.1 keep-alive client, one connection per simulated user: httpx costs the generator
    about a millisecond of CPU per request, which on a busy machine delays the very responses it times."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, headers: dict[str, str], body: bytes = b"") -> Response:
        if self.writer is None or self.writer.is_closing():
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", f"Content-Length: {len(body)}"]
        head += [f"{k}: {v}" for k, v in headers.items()]
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
        try:
            status_line = await self.reader.readline()
            if not status_line:
                raise ConnectionError("connection closed by the server")
            status = int(status_line.split()[1])
            length, chunked, close = 0, False, False
            while (line := await self.reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode("latin-1").partition(":")
                name, value = name.strip().lower(), value.strip().lower()
                if name == "content-length":
                    length = int(value)
                elif name == "transfer-encoding" and "chunked" in value:
                    chunked = True
                elif name == "connection" and value == "close":
                    close = True
            if chunked:
                parts = []
                while size := int((await self.reader.readline()).split(b";")[0], 16):
                    parts.append(await self.reader.readexactly(size + 2))
                await self.reader.readline()
                data = b"".join(p[:-2] for p in parts)
            else:
                data = await self.reader.readexactly(length) if length else b""
        except BaseException:
            self.writer.close()
            self.writer = None
            raise
        if close:
            self.writer.close()
            self.writer = None
        return Response(status, data)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


@dataclass
class User:
    id: str
    email: str
    staff: bool
    client_id: str | None = None
    token: str = ""


@dataclass
class Results:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    reads: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    messages: set[str] = field(default_factory=set)          # acknowledged inserts, by id
    interactions: set[str] = field(default_factory=set)
    updates: dict[str, str] = field(default_factory=dict)     # interaction id -> last acknowledged content


def create_users(stack, tag: str, staff: int, clients: int) -> list[User]:
    """Staff (one of the four staff roles each) and clients with a portal log-in, arranged as the owner."""
    users: list[User] = []
    roles = ["administrator", "legal_assistant", "commercial", "secretary"]
    with psycopg.connect(stack.db_url, autocommit=True) as conn, conn.transaction():
        for i in range(staff + clients):
            user = User(str(uuid.uuid4()), f"carga-{tag}-{i}@example.com", i < staff)
            conn.execute("insert into auth.users (id, aud, role, email, email_confirmed_at, raw_user_meta_data) "
                         "values (%s, 'authenticated', 'authenticated', %s, now(), %s)",
                         (user.id, user.email, json.dumps({"full_name": f"Usuário de carga {i}"})))
            if user.staff:
                conn.execute("insert into public.user_roles (user_id, role) values (%s, %s)",
                             (user.id, roles[i % len(roles)]))
            else:
                conn.execute("insert into public.user_roles (user_id, role) values (%s, 'client')", (user.id,))
                user.client_id = conn.execute(
                    "insert into public.clients (user_id, full_name, email) values (%s, %s, %s) returning id::text",
                    (user.id, f"Cliente de carga {i}", user.email)).fetchone()[0]
            users.append(user)
    now = int(time.time())
    for user in users:
        user.token = jwt.sign({"sub": user.id, "role": "authenticated", "aud": "authenticated", "email": user.email,
                               "iat": now, "exp": now + 3600}, stack.settings.jwt_secret)
    return users


async def upload_documents(stack, http: httpx.AsyncClient, clients: list[User]) -> None:
    headers = {"apikey": stack.service_role_key, "Authorization": f"Bearer {stack.service_role_key}",
               "Content-Type": "text/plain", "x-upsert": "true"}
    for user in clients:
        r = await http.post(f"/storage/v1/object/{BUCKET}/{user.client_id}/carga.txt",
                            content=f"documento de {user.email}\n".encode() * 64, headers=headers)
        r.raise_for_status()
        # what the office uploads is internal until shared: the document row shares it with its client
        r = await http.post("/rest/v1/client_documents", headers={**headers, "Content-Type": "application/json"},
                            json={"client_id": user.client_id, "name": "carga.txt", "uploaded_by": "office",
                                  "file_path": f"{user.client_id}/carga.txt", "shared_with_client": True})
        r.raise_for_status()


class Simulated:
    """One user's session: its own JWT, the actions of its kind, a think time between them."""

    def __init__(self, stack, user: User, clients: list[User], results: Results, think: tuple[float, float]) -> None:
        host, port = stack.url.split("//")[1].rsplit(":", 1)
        self.http = Http(host, int(port))
        self.user, self.clients, self.results, self.think = user, clients, results, think
        self.headers = {"apikey": stack.anon_key, "Authorization": f"Bearer {user.token}"}
        self.mine: list[str] = []                 # interactions this staff member recorded

    async def call(self, name: str, method: str, path: str, *, read: bool, expect: int = 200,
                   body: dict | None = None, prefer: str | None = None) -> Response | None:
        headers = dict(self.headers)
        if prefer:
            headers["Prefer"] = prefer
        if body is not None:
            headers["Content-Type"] = "application/json"
        start = time.perf_counter()
        try:
            response = await self.http.request(method, path, headers,
                                               json.dumps(body).encode() if body is not None else b"")
        except (OSError, ValueError, asyncio.IncompleteReadError) as exc:
            self.results.errors.append(f"{name}: {type(exc).__name__} {exc}")
            return None
        elapsed = (time.perf_counter() - start) * 1000
        self.results.latencies[name].append(elapsed)
        if read:
            self.results.reads.append(elapsed)
        if response.status_code != expect:
            self.results.errors.append(f"{name}: HTTP {response.status_code} {response.text[:200]}")
            return None
        return response

    def other_client(self) -> User:
        return random.choice(self.clients)

    async def client_action(self) -> None:
        cid = self.user.client_id
        action = random.choices(["messages", "processes", "documents", "send", "rpc", "download"],
                                [4, 2, 2, 2, 1, 1])[0]
        if action == "messages":
            await self.call("client GET messages (filter, order)", "GET",
                            f"/rest/v1/messages?select=id,content,sender_type,created_at&client_id=eq.{cid}"
                            "&order=created_at.desc&limit=20", read=True)
        elif action == "processes":
            await self.call("client GET processes", "GET", "/rest/v1/client_processes?select=*", read=True)
        elif action == "documents":
            await self.call("client GET documents", "GET",
                            "/rest/v1/client_documents?select=id,name,document_type,created_at&order=created_at.desc",
                            read=True)
        elif action == "send":
            r = await self.call("client POST message", "POST", "/rest/v1/messages?select=id", read=False,
                                expect=201, prefer="return=representation",
                                body={"client_id": cid, "sender_type": "client", "sender_id": self.user.id,
                                      "content": f"Mensagem de teste de carga {uuid.uuid4().hex[:8]}"})
            if r is not None:
                self.results.messages.add(r.json()[0]["id"])
        elif action == "rpc":
            r = await self.call("client RPC current_client_id", "POST", "/rest/v1/rpc/current_client_id",
                                read=True, body={})
            if r is not None and r.json() != cid:
                self.results.errors.append(f"client RPC current_client_id: {r.json()} instead of {cid}")
        else:
            await self.call("client storage download", "GET",
                            f"/storage/v1/object/authenticated/{BUCKET}/{cid}/carga.txt", read=True)

    async def staff_action(self) -> None:
        action = random.choices(["clients", "interactions", "messages", "record", "correct", "answer", "rpc",
                                 "download"], [3, 3, 2, 2, 1, 1, 1, 1])[0]
        if action == "clients":
            await self.call("staff GET clients + processes embed", "GET",
                            "/rest/v1/clients?select=id,full_name,email,processes(id,type,status)"
                            "&order=full_name&limit=20", read=True)
        elif action == "interactions":
            await self.call("staff GET interactions + client embed", "GET",
                            "/rest/v1/interactions?select=id,type,content,contact_date,clients(full_name)"
                            "&type=eq.call&order=contact_date.desc&limit=20", read=True)
        elif action == "messages":
            await self.call("staff GET a client's messages", "GET",
                            f"/rest/v1/messages?select=id,content,created_at&client_id=eq.{self.other_client().client_id}"
                            "&order=created_at.desc&limit=20", read=True)
        elif action == "record" or (action == "correct" and not self.mine):
            r = await self.call("staff POST interaction", "POST", "/rest/v1/interactions?select=id", read=False,
                                expect=201, prefer="return=representation",
                                body={"client_id": self.other_client().client_id, "type": "call",
                                      "content": f"Ligação de acompanhamento {uuid.uuid4().hex[:8]}"})
            if r is not None:
                self.mine.append(r.json()[0]["id"])
                self.results.interactions.add(self.mine[-1])
        elif action == "correct":
            target = random.choice(self.mine)
            content = f"Ligação corrigida {uuid.uuid4().hex}"
            r = await self.call("staff PATCH interaction", "PATCH", f"/rest/v1/interactions?id=eq.{target}&select=id",
                                read=False, prefer="return=representation", body={"content": content})
            if r is not None:
                if len(r.json()) != 1:
                    self.results.errors.append(f"staff PATCH interaction: {len(r.json())} rows changed")
                else:
                    self.results.updates[target] = content
        elif action == "answer":
            r = await self.call("staff POST message", "POST", "/rest/v1/messages?select=id", read=False,
                                expect=201, prefer="return=representation",
                                body={"client_id": self.other_client().client_id, "sender_type": "office",
                                      "content": f"Resposta do escritório {uuid.uuid4().hex[:8]}"})
            if r is not None:
                self.results.messages.add(r.json()[0]["id"])
        elif action == "rpc":
            r = await self.call("staff RPC is_staff", "POST", "/rest/v1/rpc/is_staff", read=True, body={})
            if r is not None and r.json() is not True:
                self.results.errors.append(f"staff RPC is_staff: {r.json()}")
        else:
            await self.call("staff storage download", "GET",
                            f"/storage/v1/object/authenticated/{BUCKET}/{self.other_client().client_id}/carga.txt",
                            read=True)

    async def run(self, deadline: float) -> None:
        await asyncio.sleep(random.uniform(0, self.think[1]))    # users do not all start at once
        try:
            while time.perf_counter() < deadline:
                await (self.staff_action() if self.user.staff else self.client_action())
                await asyncio.sleep(random.uniform(*self.think))
        finally:
            self.http.close()


async def probes(db_url: str, deadline: float) -> tuple[list[float], list[float]]:
    """What the machine itself adds, measured alongside: how late this process's event loop wakes up
    (the generator's own delay) and a bare `select 1` round trip to the same database."""
    lags: list[float] = []
    selects: list[float] = []
    async with await psycopg.AsyncConnection.connect(db_url, autocommit=True) as conn:
        while time.perf_counter() < deadline:
            start = time.perf_counter()
            await asyncio.sleep(0.05)
            lags.append((time.perf_counter() - start - 0.05) * 1000)
            start = time.perf_counter()
            await conn.execute("select 1")
            selects.append((time.perf_counter() - start) * 1000)
    return lags, selects


def verify(stack, results: Results) -> list[str]:
    """Every acknowledged write, read back as the owner: inserts by id, updates by their last content."""
    problems = []
    with psycopg.connect(stack.db_url, autocommit=True) as conn:
        for table, ids in (("messages", results.messages), ("interactions", results.interactions)):
            found = conn.execute(f"select count(*) from public.{table} where id = any(%s::uuid[])",
                                 (list(ids),)).fetchone()[0]
            if found != len(ids):
                problems.append(f"{table}: {len(ids) - found} of {len(ids)} acknowledged inserts missing")
        rows = dict(conn.execute("select id::text, content from public.interactions where id = any(%s::uuid[])",
                                 (list(results.updates),)).fetchall())
        stale = sum(1 for i, content in results.updates.items() if rows.get(i) != content)
        if stale:
            problems.append(f"interactions: {stale} of {len(results.updates)} acknowledged updates not in the database")
    return problems


async def run_load(stack, users: int = 100, seconds: float = 60.0, think: tuple[float, float] = (0.2, 1.0),
                   staff_share: float = 0.3) -> dict:
    """The whole test against a running stack with the product's schema; prints the figures and returns
    them: `ok` (every target met), `requests`, `errors`, `read_p99`, `writes`, `problems`."""
    staff = max(1, round(users * staff_share))
    people = create_users(stack, uuid.uuid4().hex[:8], staff, users - staff)
    clients = [u for u in people if not u.staff]
    results = Results()
    async with httpx.AsyncClient(base_url=stack.url, timeout=30) as http:
        await upload_documents(stack, http, clients)
    sessions = [Simulated(stack, u, clients, results, think) for u in people]
    start = time.perf_counter()
    probe = asyncio.create_task(probes(stack.db_url, start + seconds))
    await asyncio.gather(*(s.run(start + seconds) for s in sessions))
    elapsed = time.perf_counter() - start
    loop_lag, select_one = await probe
    problems = verify(stack, results)
    total = sum(len(v) for v in results.latencies.values())
    print(f"Load: {users} simulated users ({staff} staff, {users - staff} clients, each its own JWT), {elapsed:.0f} s, "
          f"think time {think[0]}-{think[1]} s; {total} requests = {total / elapsed:.0f}/s; "
          f"{stack.settings.api_workers} API worker(s); load {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"  {'request':42} {'count':>6} {'p50 ms':>8} {'p99 ms':>8}")
    print(f"  {'(machine) SELECT 1 on the same database':42} {len(select_one):6} {pct(select_one, .5):8.2f} "
          f"{pct(select_one, .99):8.2f}")
    print(f"  {'(machine) generator event-loop lag':42} {len(loop_lag):6} {pct(loop_lag, .5):8.2f} "
          f"{pct(loop_lag, .99):8.2f}")
    for name in sorted(results.latencies):
        values = results.latencies[name]
        print(f"  {name:42} {len(values):6} {pct(values, .5):8.2f} {pct(values, .99):8.2f}")
    read_p99 = pct(results.reads, .99)
    writes = len(results.messages) + len(results.interactions) + len(results.updates)
    ok_errors, ok_reads, ok_writes = not results.errors, read_p99 < TARGET_READ_P99_MS, not problems
    print(f"  target: 0 errors: {len(results.errors)}  {'PASS' if ok_errors else 'FAIL'}")
    for error in results.errors[:5]:
        print(f"    {error}")
    print(f"  target: p99 of reads < {TARGET_READ_P99_MS:.0f} ms: {read_p99:.2f} ms over {len(results.reads)} reads  "
          f"{'PASS' if ok_reads else 'FAIL'}")
    print(f"  target: every acknowledged write present afterwards: {writes} acknowledged "
          f"({len(results.messages)} messages, {len(results.interactions)} interactions inserted, "
          f"{len(results.updates)} interactions updated), "
          f"{'all present  PASS' if ok_writes else '; '.join(problems) + '  FAIL'}", flush=True)
    return {"ok": ok_errors and ok_reads and ok_writes, "requests": total, "errors": results.errors,
            "read_p99": read_p99, "writes": writes, "problems": problems}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think-min", type=float, default=0.2)
    parser.add_argument("--think-max", type=float, default=1.0)
    args = parser.parse_args()
    cluster = Cluster()
    stack = None
    try:
        stack = StackProcess(cluster, name="bench_load")
        asyncio.run(run_load(stack, args.users, args.seconds, (args.think_min, args.think_max)))
    finally:
        if stack:
            stack.stop()
        cluster.stop()


if __name__ == "__main__":
    main()
