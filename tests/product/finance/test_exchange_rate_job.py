"""The scheduled PTAX refresh reaches the exchange-rates function through the stack's own function call."""
from __future__ import annotations

from finance_actors import ADMIN


def test_the_daily_job_queues_a_call_to_the_exchange_rates_function(db):
    command = db.owner().one("select command from cron.job where jobname = 'finance-exchange-rates'")
    assert command and "request_exchange_rate_refresh" in command

    before = db.one("select count(*) from net.http_request_queue")
    db.all(command)
    queued = db.all("select method, url from net.http_request_queue order by id desc limit 1")
    assert db.one("select count(*) from net.http_request_queue") == before + 1
    assert queued == [("POST", "/functions/v1/exchange-rates")]


def test_staff_cannot_trigger_the_refresh_as_an_rpc(db):
    err = db.act(ADMIN).fails("select public.request_exchange_rate_refresh()")
    assert "permission denied" in str(err)
