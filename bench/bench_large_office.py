"""The large office: each screen's first-page queries through REST, as the administrator and as a portal client.

A stack of its own is started on the demo seed and `scripts/seed_large.py` adds ten years of an office to it
(LARGE_SCALE, default 1: 5,000 clients, 20,000 processes, 300,000 messages, 500,000 notifications, ...). Each
screen's requests (the app's query shapes with server-side paging: 25 rows, exact counts) are sent together as
the browser sends them, under RLS with the role's own token; the time of a screen is until its last answer.
The p95 of --rounds rounds is held against the budgets (lists 150 ms; dashboard, client page, process page,
search and reports 300 ms), alone and with 5 staff working at once. Then every table the API exposes is read
(first 25 rows) as each demo role: none the role reads rows of may take more than 50 ms.

    python bench/bench_large_office.py [--rounds 20] [--scale 1]
    python bench/bench_large_office.py --api-url URL --jwt-secret S   # a running stack already seeded
"""
from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "scripts"))

from supastack.core import jwt  # noqa: E402

ADMIN = "10000000-0000-4000-8000-000000000001"
COMMERCIAL = "10000000-0000-4000-8000-000000000003"
SECRETARY = "10000000-0000-4000-8000-000000000004"
MARIA = "10000000-0000-4000-8000-000000000005"
MARIA_CLIENT = "c0000000-0000-4000-8000-000000000001"
MARIA_PROCESS = 1
LIST_MS, PAGE_MS, TABLE_MS = 150, 300, 50
COUNT = {"Prefer": "count=exact"}


def large_client(i: int) -> str:
    """The id scripts/seed_large.sql gives its i-th client."""
    return str(uuid.UUID(hashlib.md5(f"large-client-{i}".encode()).hexdigest()))


def screens(process_id: int) -> list[tuple[str, str, int, list[tuple[str, str, dict | None, dict]]]]:
    """(screen, who, budget ms, requests): each request is (method, path, json body, headers)."""
    today = time.strftime("%Y-%m-%d")
    month = time.strftime("%Y-%m-01")
    client = large_client(0)
    get = "GET"
    staff_screens = [
        ("Dashboard", "admin", PAGE_MS, [
            (get, "/rest/v1/clients?select=id&limit=1", None, COUNT),
            (get, f"/rest/v1/clients?select=id&limit=1&created_at=lt.{month}", None, COUNT),
            (get, "/rest/v1/processes?select=id&limit=1&status=in.(em andamento,em análise,aguardando entrevista)",
             None, COUNT),
            (get, "/rest/v1/tasks?select=id&limit=1&status=in.(pendente,em_andamento)", None, COUNT),
            (get, f"/rest/v1/financial_payments?select=amount,currency,payment_date,status&payment_date=gte.{month}",
             None, {}),
            (get, f"/rest/v1/appointments?select=id,title,starts_at,kind,status,clients(full_name)"
                  f"&starts_at=gte.{today}&status=neq.cancelado&order=starts_at&limit=5", None, {}),
            (get, "/rest/v1/tasks?select=id,title,due_date,priority,status,process_id,clients(full_name)"
                  "&status=neq.cancelada&order=created_at.desc&limit=5", None, {}),
            (get, "/rest/v1/client_documents?select=id,name,document_type,uploaded_by,created_at,client_id"
                  "&order=created_at.desc&limit=5", None, {}),
            (get, "/rest/v1/notifications?select=id,kind,title,body,link,created_at,read_at"
                  "&order=created_at.desc&limit=20", None, {}),
        ]),
        ("Clientes", "admin", LIST_MS, [
            (get, "/rest/v1/clients?select=id,full_name,email,phone,created_at&order=created_at.desc&limit=25",
             None, COUNT),
            ("POST", "/rest/v1/rpc/unread_message_counts", {}, {}),
        ]),
        ("Processos", "admin", LIST_MS, [
            (get, "/rest/v1/processes?select=*,client:clients(id,full_name,email,phone)"
                  "&order=last_update.desc,id.desc&limit=25", None, COUNT),
        ]),
        ("Tarefas", "admin", LIST_MS, [
            (get, "/rest/v1/tasks?select=id,title,due_date,priority,status,assignee_id,clients(full_name)"
                  "&status=in.(pendente,em_andamento)&order=due_date&limit=25", None, COUNT),
        ]),
        ("Agenda", "admin", LIST_MS, [
            (get, f"/rest/v1/appointments?select=*,clients(full_name)&starts_at=gte.{today}"
                  "&order=starts_at&limit=50", None, {}),
        ]),
        ("Conversa (equipe)", "admin", LIST_MS, [
            (get, f"/rest/v1/messages?select=id,client_id,sender_type,content,attachment_url,created_at"
                  f"&client_id=eq.{MARIA_CLIENT}&order=created_at.desc&limit=50", None, {}),
        ]),
        ("Envios", "admin", LIST_MS, [
            (get, "/rest/v1/notification_deliveries?select=id,channel,recipient,template,status,attempts,"
                  "next_attempt_at,provider_status,last_error,created_at,sent_at,payload"
                  "&channel=neq.in_app&order=created_at.desc&limit=25", None, {}),
            (get, "/rest/v1/notification_deliveries?select=id,channel,recipient,status,created_at"
                  "&channel=neq.in_app&status=eq.failed&order=created_at.desc&limit=25", None, {}),
        ]),
        ("Parcelas em aberto", "admin", LIST_MS, [
            (get, "/rest/v1/financial_installments?select=*&status=in.(pending,partial)&order=due_date&limit=25",
             None, COUNT),
        ]),
        ("Inadimplência", "admin", LIST_MS, [
            ("POST", "/rest/v1/rpc/receivables_aging_totals", {}, {}),
            (get, "/rest/v1/financial_receivables_aging?select=installment_id,client_name,contract_number,number,"
                  "due_date,currency,open_amount,days_late,bucket&order=due_date,installment_id&offset=0&limit=25",
             None, COUNT),
        ]),
        ("Orçamentos", "admin", LIST_MS, [
            (get, "/rest/v1/financial_quotes?select=*,client:clients(full_name),"
                  "contract:financial_contracts(id,contract_number)&order=created_at.desc,id.desc&offset=0&limit=25",
             None, COUNT),
        ]),
        ("Contratos", "admin", LIST_MS, [
            (get, "/rest/v1/financial_contracts?select=*,client:clients(full_name)"
                  "&order=created_at.desc,id.desc&offset=0&limit=25", None, COUNT),
        ]),
        ("Usuários", "admin", LIST_MS, [
            (get, "/rest/v1/profiles?select=id,email,full_name,created_at&order=created_at,id&offset=0&limit=25",
             None, COUNT),
        ]),
        ("CRM", "admin", LIST_MS, [
            ("POST", "/rest/v1/rpc/lead_stage_counts", {}, {}),
            *[(get, "/rest/v1/leads?select=id,name,email,phone,source,case_type_interest,stage,owner_id,notes,"
                    f"client_id,stage_changed_at,created_at&stage=eq.{stage}"
                    "&order=stage_changed_at.desc,id.desc&offset=0&limit=25", None, {})
              for stage in ("novo", "contato", "proposta", "fechado", "perdido")],
        ]),
        ("Atendimento: mensagens", "admin", LIST_MS, [
            ("POST", "/rest/v1/rpc/conversation_list",
             {"p_filter": "all", "p_search": None, "p_limit": 25, "p_offset": 0}, {}),
            ("POST", "/rest/v1/rpc/conversation_counts", {"p_search": None}, {}),
        ]),
        ("Cliente (página)", "admin", PAGE_MS, [
            (get, f"/rest/v1/clients?select=*&id=eq.{client}", None, {}),
            (get, f"/rest/v1/clients?select=id,full_name,relationship,principal_client_id"
                  f"&or=(id.eq.{client},principal_client_id.eq.{client})&order=full_name", None, {}),
            (get, f"/rest/v1/processes?select=id,type,status,stage,receipt_number,next_date,client_id"
                  f"&client_id=in.({client})&order=id.desc", None, {}),
            (get, f"/rest/v1/financial_contracts?select=id,title,contract_number,status,total_amount,currency"
                  f"&client_id=eq.{client}", None, {}),
            (get, f"/rest/v1/interactions?select=id,type,content,contact_date,status,created_by_name"
                  f"&client_id=eq.{client}&order=contact_date.desc&limit=25", None, {}),
            ("POST", "/rest/v1/rpc/unread_message_counts", {}, {}),
            ("POST", "/rest/v1/rpc/workspace_timeline",
             {"p_client_id": client, "p_process_id": None, "p_family": False}, {}),
            (get, f"/rest/v1/client_documents?select=*&client_id=eq.{client}&order=created_at.desc&limit=25",
             None, {}),
        ]),
        ("Processo (página)", "admin", PAGE_MS, [
            (get, f"/rest/v1/processes?select=*,client:clients(id,full_name,email,phone)&id=eq.{process_id}",
             None, {}),
            (get, f"/rest/v1/document_requests?select=*&process_id=eq.{process_id}&order=created_at.desc",
             None, {}),
            (get, f"/rest/v1/uscis_receipts?select=*&process_id=eq.{process_id}", None, {}),
            ("POST", "/rest/v1/rpc/workspace_timeline",
             {"p_client_id": None, "p_process_id": process_id, "p_family": False}, {}),
            (get, f"/rest/v1/client_documents?select=*&process_id=eq.{process_id}&order=created_at.desc&limit=25",
             None, {}),
        ]),
        ("Busca (nome)", "admin", PAGE_MS, [("POST", "/rest/v1/rpc/search_workspace", {"q": "Iracema"}, {})]),
        ("Busca (recibo)", "admin", PAGE_MS, [("POST", "/rest/v1/rpc/search_workspace", {"q": "IOE90000001"}, {})]),
        ("Relatórios", "admin", PAGE_MS, [
            (get, "/rest/v1/financial_receivables_aging?select=*&limit=25", None, COUNT),
            (get, "/rest/v1/financial_monthly_revenue?select=*", None, {}),
            (get, "/rest/v1/financial_revenue_by_case_type?select=*", None, {}),
        ]),
    ]
    portal_screens = [
        ("Portal: início", "client", LIST_MS, [
            (get, f"/rest/v1/client_processes?select=id,client_id,type,status,stage,description,next_date,"
                  f"created_at,updated_at&client_id=eq.{MARIA_CLIENT}&order=created_at.desc", None, {}),
            (get, f"/rest/v1/financial_contracts?select=*&client_id=eq.{MARIA_CLIENT}&order=created_at.desc",
             None, {}),
            (get, f"/rest/v1/financial_installments?select=*&client_id=eq.{MARIA_CLIENT}&order=due_date", None, {}),
            (get, "/rest/v1/notifications?select=id,kind,title,body,link,created_at,read_at"
                  "&order=created_at.desc&limit=20", None, {}),
        ]),
        ("Portal: mensagens", "client", LIST_MS, [
            (get, f"/rest/v1/messages?select=id,client_id,sender_type,content,attachment_url,created_at"
                  f"&client_id=eq.{MARIA_CLIENT}&order=created_at.desc&limit=50", None, {}),
        ]),
        ("Portal: documentos", "client", LIST_MS, [
            (get, f"/rest/v1/client_documents?select=*&client_id=eq.{MARIA_CLIENT}&order=created_at.desc&limit=25",
             None, {}),
            (get, "/rest/v1/client_document_requests?select=id,process_id,document_name,status,requested_at"
                  "&order=requested_at.desc&limit=25", None, {}),
            (get, f"/rest/v1/appointments?select=*&client_id=eq.{MARIA_CLIENT}&order=starts_at.desc&limit=25",
             None, {}),
        ]),
        ("Portal: processo", "client", PAGE_MS, [
            ("POST", "/rest/v1/rpc/portal_process_timeline", {"p_process_id": MARIA_PROCESS}, {}),
            (get, f"/rest/v1/process_events?select=*&process_id=eq.{MARIA_PROCESS}&order=created_at.desc", None, {}),
        ]),
    ]
    return staff_screens + portal_screens


class Api:
    def __init__(self, url: str, secret: str, anon_key: str) -> None:
        self.url, self.secret, self.anon = url, secret, anon_key
        self.http = httpx.Client(base_url=url, timeout=60,
                                 limits=httpx.Limits(max_connections=64, max_keepalive_connections=64))

    def token(self, sub: str) -> str:
        now = int(time.time())
        return jwt.sign({"sub": sub, "role": "authenticated", "aud": "authenticated", "iat": now,
                         "exp": now + 7200, "aal": "aal1"}, self.secret)

    def send(self, token: str, method: str, path: str, body: dict | None, headers: dict) -> float:
        started = time.perf_counter()
        r = self.http.request(method, path, json=body, headers={
            "apikey": self.anon, "Authorization": f"Bearer {token}", **headers})
        elapsed = (time.perf_counter() - started) * 1000
        if r.status_code >= 400:
            raise RuntimeError(f"{method} {path}: {r.status_code} {r.text[:300]}")
        return elapsed


def screen_time(api: Api, pool: ThreadPoolExecutor, token: str, requests: list) -> float:
    """Wall time of a screen's requests sent together (as the browser does)."""
    started = time.perf_counter()
    for f in [pool.submit(api.send, token, *req) for req in requests]:
        f.result()
    return (time.perf_counter() - started) * 1000


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def run(api: Api, rounds: int, process_id: int) -> bool:
    tokens = {"admin": api.token(ADMIN), "client": api.token(MARIA)}
    all_screens = screens(process_id)
    ok = True
    with ThreadPoolExecutor(max_workers=48) as pool:
        for _, who, _, requests in all_screens:  # warm-up: plans, caches
            screen_time(api, pool, tokens[who], requests)
        alone: dict[str, list[float]] = {name: [] for name, *_ in all_screens}
        for _ in range(rounds):
            for name, who, _, requests in all_screens:
                alone[name].append(screen_time(api, pool, tokens[who], requests))

        # 5 staff at once: each goes through the staff screens in its own order
        busy: dict[str, list[float]] = {name: [] for name, who, *_ in all_screens if who == "admin"}
        staff = [(name, requests) for name, who, _, requests in all_screens if who == "admin"]
        lock = threading.Lock()

        def worker(n: int) -> None:
            for r in range(rounds):
                for k in range(len(staff)):
                    name, requests = staff[(k + n * 3 + r) % len(staff)]
                    t = screen_time(api, pool, tokens["admin"], requests)
                    with lock:
                        busy[name].append(t)

        threads = [threading.Thread(target=worker, args=(n,)) for n in range(5)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    print(f"{'screen':24} {'role':7} {'budget':>7} {'p50':>8} {'p95':>8} {'5 staff p95':>12}  verdict")
    for name, who, budget, _ in all_screens:
        a = alone[name]
        b = busy.get(name)
        worst = max(p95(a), p95(b) if b else 0)
        verdict = "ok" if worst <= budget else "OVER"
        ok &= worst <= budget
        print(f"{name:24} {who:7} {budget:>5} ms {statistics.median(a):>6.1f} ms {p95(a):>6.1f} ms "
              f"{(f'{p95(b):.1f} ms' if b else '-'):>12}  {verdict}")
    return ok


def tables_first_page(api: Api, rounds: int) -> bool:
    """Every table and view the API exposes, first 25 rows, as each demo role (p95 of rounds). The budget holds
    where the role reads rows; where its policies give it none, the time is shown apart (PostgreSQL evaluates a
    policy that is false for the role on every row: supabase/DECISIONS.md 19)."""
    spec = api.http.get("/rest/v1/", headers={"apikey": api.anon}).json()
    names = sorted(p.strip("/") for p in spec.get("paths", {}) if p.count("/") == 1 and not p.startswith("/rpc")
                   and p != "/")
    reached: list[tuple[float, str, str]] = []
    empty: list[tuple[float, str, str]] = []
    for who, sub in (("admin", ADMIN), ("secretary", SECRETARY), ("commercial", COMMERCIAL), ("client", MARIA)):
        token = api.token(sub)
        headers = {"apikey": api.anon, "Authorization": f"Bearer {token}"}
        for name in names:
            path = f"/rest/v1/{name}?select=*&limit=25"
            first = api.http.get(path, headers=headers)
            if first.status_code in (401, 403):
                continue  # no privilege on the table at all
            times = [api.send(token, "GET", path, None, {}) for _ in range(max(3, rounds // 4))]
            (reached if first.json() else empty).append((p95(times), name, who))
    reached.sort(reverse=True)
    empty.sort(reverse=True)
    print(f"\nfirst page (25 rows) of {len(names)} tables and views as 4 roles, where the role reads rows; "
          f"budget {TABLE_MS} ms; slowest:")
    for t, name, who in reached[:8]:
        print(f"  {name:32} {who:10} {t:6.1f} ms  {'ok' if t <= TABLE_MS else 'OVER'}")
    print("where the role's policies give it no row (the table is read to find none); slowest:")
    for t, name, who in empty[:4]:
        print(f"  {name:32} {who:10} {t:6.1f} ms")
    return reached[0][0] <= TABLE_MS


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--scale", type=float, default=float(os.environ.get("LARGE_SCALE", "1")))
    parser.add_argument("--api-url", help="a running stack already holding the large office")
    parser.add_argument("--jwt-secret", default=os.environ.get("JWT_SECRET"))
    parser.add_argument("--anon-key", default=os.environ.get("ANON_KEY"))
    args = parser.parse_args()

    cluster = stack = None
    try:
        if args.api_url:
            api = Api(args.api_url, args.jwt_secret, args.anon_key)
        else:
            from seed_large import seed_large

            from harness import Cluster, StackProcess

            cluster = Cluster()
            stack = StackProcess(cluster, name="large")
            started = time.monotonic()
            seed_large(stack.db_url, args.scale)
            print(f"large office at scale {args.scale:g} loaded in {time.monotonic() - started:.0f} s")
            api = Api(stack.url, stack.settings.jwt_secret, stack.anon_key)
        pid = int(api.http.get("/rest/v1/processes?select=id&order=id.desc&limit=1",
                               headers={"apikey": api.anon, "Authorization": f"Bearer {api.token(ADMIN)}"}
                               ).json()[0]["id"])
        ok = run(api, args.rounds, pid)
        ok &= tables_first_page(api, args.rounds)
        print("every screen inside its budget" if ok else "some screens over budget")
        return 0
    finally:
        if stack:
            stack.stop()
        if cluster:
            cluster.stop()


if __name__ == "__main__":
    raise SystemExit(main())
