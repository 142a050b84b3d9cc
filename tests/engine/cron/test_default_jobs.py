"""The office's default jobs: they exist, and what they run reaches the functions signed by the stack
(daily USCIS and EOIR checks, weekly forms edition check with the demo and the HTTP provider)."""
from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from conftest import WORKDIR, wait_for
from harness import StackProcess, free_port

PROCESS = ("insert into public.processes (type, client_name, status) values ('Green Card', 'Cliente Cron', %s)"
           " returning id")


def test_the_default_jobs_are_scheduled(cron_stack):
    jobs = dict((name, (schedule, command, active)) for name, schedule, command, active in cron_stack.sql(
        "select jobname, schedule, command, active from cron.job where username = 'postgres'"))
    assert jobs["uscis-status-check"] == ("0 6 * * *", "select public.cron_check_uscis_receipts()", True)
    assert jobs["eoir-case-check"] == ("15 6 * * *", "select public.cron_check_eoir_cases()", True)
    assert jobs["uscis-forms-editions"] == ("0 7 * * 1", "select public.cron_check_uscis_form_editions()", True)


def test_daily_uscis_check_asks_only_open_receipts_through_the_function(cron_stack):
    open_process = cron_stack.sql(PROCESS, ("em andamento",))[0][0]
    done_process = cron_stack.sql(PROCESS, ("concluído",))[0][0]
    cron_stack.sql("insert into public.uscis_receipts (process_id, receipt_number, last_status) values"
                   " (%s, 'EAC9999103403', null), (%s, 'LIN9999106498', 'Negado'), (%s, 'SRC9999102777', null)",
                   (open_process, open_process, done_process))
    assert cron_stack.sql("select public.cron_check_uscis_receipts()") == [(1,)]
    status, content = wait_for(lambda: cron_stack.sql(
        "select status_code, content from net._http_response where content like '%EAC9999103403%'"))[0]
    assert status == 200, content
    checked = dict(cron_stack.sql("select receipt_number, last_checked_at is not null from public.uscis_receipts"))
    assert checked == {"EAC9999103403": True, "LIN9999106498": False, "SRC9999102777": False}


def test_daily_eoir_check_goes_through_the_function(cron_stack):
    process = cron_stack.sql(PROCESS, ("em andamento",))[0][0]
    cron_stack.sql("insert into public.eoir_court_cases (a_number, process_id, last_checked_at) values"
                   " ('A123456789', %s, now() - interval '3 days')", (process,))
    assert cron_stack.sql("select public.cron_check_eoir_cases()")[0][0] >= 1
    status, content = wait_for(lambda: cron_stack.sql(
        "select status_code, content from net._http_response where content like '%A123456789%'"))[0]
    assert status == 200, content
    assert cron_stack.sql("select last_checked_at > now() - interval '1 minute', last_status is not null"
                          " from public.eoir_court_cases where a_number = 'A123456789'") == [(True, True)]
    assert cron_stack.sql("select count(*) from public.eoir_court_history h join public.eoir_court_cases c"
                          " on c.id = h.court_case_id where c.a_number = 'A123456789'")[0][0] == 1


def test_functions_refuse_a_forged_service_key(cron_stack):
    import httpx
    for name in ("uscis-status-checker", "eoir-court-checker", "uscis-forms-checker"):
        answer_ = httpx.post(f"{cron_stack.url}/functions/v1/{name}", json={},
                             headers={"Authorization": f"Bearer {cron_stack.anon_key}", "apikey": cron_stack.anon_key})
        assert answer_.status_code == 401, (name, answer_.text)


def forms(stack) -> dict:
    return {n: (str(e) if e else None, c) for n, e, c in stack.sql(
        "select number, updated_at, edition_checked_at is not null from public.uscis_forms")}


def test_weekly_forms_check_with_the_demo_provider(cron_stack):
    cron_stack.sql("insert into public.uscis_forms (number, name, category, updated_at) values"
                   " ('I-130', 'Petition for Alien Relative', 'Petições Familiares', '2023-02-28'),"
                   " ('I-589', 'Application for Asylum', 'Asilo e Refúgio', null)"
                   " on conflict (number) do update set updated_at = excluded.updated_at")
    cron_stack.sql("select public.cron_check_uscis_form_editions()")
    status, content = wait_for(lambda: cron_stack.sql(
        "select status_code, content from net._http_response where content like '%\"edition\"%'"))[0]
    assert status == 200, content
    got = forms(cron_stack)
    assert got["I-130"] == ("2024-04-01", True)         # the demo's known edition
    assert got["I-589"] == (None, True)                 # unknown to the demo: checked, left as it was


class _FormPages(BaseHTTPRequestHandler):
    def do_GET(self):
        pages = {"/i-485": b"<html><body><h1>I-485</h1><p><strong>Edition Date</strong></p><p>01/20/25.</p>"
                           b"<p>You can find the edition date at the bottom of the page.</p></body></html>",
                 "/n-400": b"<html>Form N-400 <span>Edition Date: 03/05/26</span></html>"}
        page = pages.get(self.path)
        self.send_response(200 if page else 404)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        self.wfile.write(page or b"not found")

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def form_pages():
    server = ThreadingHTTPServer(("127.0.0.1", free_port()), _FormPages)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def test_weekly_forms_check_reads_the_official_pages(cluster, form_pages):
    s = StackProcess(cluster, workdir=WORKDIR, name="cron-forms", seed=False,
                     env={"USCIS_FORMS_PROVIDER": "http", "USCIS_FORMS_BASE_URL": form_pages})
    try:
        s.sql("insert into public.uscis_forms (number, name, category, updated_at) values"
              " ('I-485', 'Adjust Status', 'Green Card', '2024-04-01'),"
              " ('N-400', 'Naturalization', 'Cidadania e Naturalização', '2025-01-20'),"
              " ('I-999', 'No such form', 'Waivers', '2020-01-01')")
        # run the weekly job now, as an administrator's "Executar agora" does
        s.sql("insert into cron.job_run_details (jobid, database, username, command, status)"
              " select jobid, database, username, command, 'starting' from cron.job"
              " where jobname = 'uscis-forms-editions'")
        status, content = wait_for(lambda: s.sql("select status_code, content from net._http_response"), 20)[0]
        assert status == 200, content
        assert forms(s) == {"I-485": ("2025-01-20", True), "N-400": ("2026-03-05", True),
                            "I-999": ("2020-01-01", False)}
        assert '"failed":1' in content.replace(" ", "")
        assert s.sql("select status from cron.job_run_details") == [("succeeded",)]
    finally:
        s.stop()
