"""The outbox across a kill -9 of the stack in the middle of a send, and against a mail server that keeps
refusing: nothing lost, nothing delivered twice (the retry reuses the Message-ID), dead after N attempts."""
from __future__ import annotations

import signal
import time

import pytest
from outbox_helpers import MARIA_EMAIL, change_stage, consent, new_stack, wait_rows


@pytest.fixture
def smtp_stack(cluster, fake_smtp):
    s = new_stack(cluster, "outbox-crash", {"SMTP_HOST": "127.0.0.1", "SMTP_PORT": str(fake_smtp.port),
                                            "OUTBOX_SEND_TIMEOUT_SECONDS": "2", "OUTBOX_LEASE_SECONDS": "3"})
    consent(s, "email")
    yield s
    s.stop()


def test_kill_9_mid_send_loses_nothing_and_sends_once(smtp_stack, fake_smtp):
    fake_smtp.delay = 30                      # the server takes the message in, then is slow to say 250
    change_stage(smtp_stack)
    fake_smtp.wait(1)
    [(first, status, attempts, _, _, _)] = wait_rows(smtp_stack, "channel = 'email'")
    assert (status, attempts) == ("sending", 1)

    smtp_stack.proc.send_signal(signal.SIGKILL)
    smtp_stack.proc.wait(10)
    fake_smtp.delay = 0
    # queued while no stack runs (the database keeps it)
    smtp_stack.sql("update public.processes set stage = (select name from public.process_stages where name <> "
                   "processes.stage order by order_number limit 1) where id = 1")
    assert smtp_stack.sql("select status from public.notification_deliveries where id = %s",
                          (first,)) == [("sending",)]

    started = time.monotonic()
    smtp_stack.start()
    rows = wait_rows(smtp_stack, "channel = 'email' and status = 'sent'", count=2, timeout=30)
    assert {r[0] for r in rows} >= {first}
    assert dict((r[0], r[2]) for r in rows)[first] == 2          # one retry after the lease ran out
    assert time.monotonic() - started >= 0 and len(fake_smtp.raw) == 3
    assert len(fake_smtp.unique) == 2                              # the retry carried the same Message-ID
    assert all(m["to"] == [MARIA_EMAIL] for m in fake_smtp.raw)
    assert smtp_stack.sql("select count(*) from public.notification_deliveries where status = 'sending'") == [(0,)]


def test_a_refusing_server_makes_the_delivery_dead_after_the_attempts(smtp_stack, fake_smtp):
    fake_smtp.fail_with = "451 4.3.0 tente mais tarde"
    change_stage(smtp_stack)
    [(row, _, attempts, _, error, _)] = wait_rows(smtp_stack, "channel = 'email' and status = 'dead'", timeout=30)
    assert attempts == 3 and "451" in error
    assert len(fake_smtp.raw) == 0
