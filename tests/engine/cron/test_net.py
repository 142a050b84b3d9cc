"""net.http_post / http_get queue requests that the stack sends after commit; the answers land in
net._http_response under the request id, as with pg_net."""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import psycopg
import pytest

from conftest import wait_for
from harness import free_port


class _Recorder(BaseHTTPRequestHandler):
    seen: list[dict] = []

    def _answer(self, body: bytes | None) -> None:
        self.seen.append({"method": self.command, "path": self.path, "headers": dict(self.headers), "body": body})
        if self.path.startswith("/slow"):
            time.sleep(2)
        payload = json.dumps({"ok": True, "path": self.path}).encode()
        self.send_response(201 if self.command == "POST" else 200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def do_GET(self):
        self._answer(None)

    def do_POST(self):
        self._answer(self.rfile.read(int(self.headers.get("Content-Length", 0))))

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def fake():
    server = ThreadingHTTPServer(("127.0.0.1", free_port()), _Recorder)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def response(stack, request_id: int):
    rows = stack.sql("select status_code, content_type, content, timed_out, error_msg"
                     " from net._http_response where id = %s", (request_id,))
    return rows[0] if rows else None


def test_http_post_sends_body_params_and_headers(cron_stack, fake):
    request_id = cron_stack.sql("select net.http_post(%s, '{\"receipt\": \"MSC2490123456\"}'::jsonb,"
                                " '{\"q\": \"a b/ç\"}'::jsonb, '{\"X-Office\": \"escritório\"}'::jsonb)",
                                (f"{fake}/hook",))[0][0]
    status, content_type, content, timed_out, error = wait_for(lambda: response(cron_stack, request_id))
    assert (status, content_type, timed_out, error) == (201, "application/json", False, None)
    assert json.loads(content)["path"] == "/hook?q=a%20b%2F%C3%A7"
    sent = [s for s in _Recorder.seen if s["path"].startswith("/hook")][-1]
    assert json.loads(sent["body"]) == {"receipt": "MSC2490123456"}
    assert sent["headers"]["Content-Type"] == "application/json"       # added as pg_net does
    assert sent["headers"]["X-Office"].encode("latin-1").decode() == "escritório"
    assert cron_stack.sql("select count(*) from net.http_request_queue") == [(0,)]


def test_http_get_and_a_request_rolled_back_is_never_sent(cron_stack, fake):
    with psycopg.connect(cron_stack.db_url) as conn:
        conn.execute("select net.http_get(%s)", (f"{fake}/never",))
        conn.rollback()
    request_id = cron_stack.sql("select net.http_get(%s, '{\"page\": \"2\"}'::jsonb)", (f"{fake}/list",))[0][0]
    assert wait_for(lambda: response(cron_stack, request_id))[0] == 200
    assert not [s for s in _Recorder.seen if s["path"].startswith("/never")]


def test_timeouts_and_unreachable_hosts_are_recorded(cron_stack, fake):
    slow = cron_stack.sql("select net.http_get(%s, timeout_milliseconds := 300)", (f"{fake}/slow",))[0][0]
    dead = cron_stack.sql("select net.http_get(%s)", (f"http://127.0.0.1:{free_port()}/",))[0][0]
    assert wait_for(lambda: response(cron_stack, slow)) == (None, None, None, True, "Timeout of 300 ms reached")
    status, _, _, timed_out, error = wait_for(lambda: response(cron_stack, dead))
    assert status is None and timed_out is False and error


def test_a_job_calls_a_url_through_pg_net(cron_stack, fake):
    cron_stack.sql("select cron.schedule('webhook', '1 seconds', $$select net.http_post(%s, '{\"from\": \"cron\"}')$$)"
                   .replace("%s", f"'{fake}/from-cron'"))
    try:
        wait_for(lambda: [s for s in _Recorder.seen if s["path"] == "/from-cron"])
    finally:
        cron_stack.sql("select cron.unschedule('webhook')")
    assert json.loads([s for s in _Recorder.seen if s["path"] == "/from-cron"][0]["body"]) == {"from": "cron"}
