"""The daily job marks sent quotes past their expiration date expired, and nothing else."""

from __future__ import annotations

from finance_actors import ADMIN, MARIA, new_quote


def _quote(db, status: str, days: int | None) -> str:
    """A quote of Maria valid until `days` from today (None: no date)."""
    quote = new_quote(db.owner(), MARIA.client_id, status=status, title=f"Expiração {status} {days}")
    db.conn.execute(
        "update public.financial_quotes set expiration_date = current_date + %s::integer where id = %s",
        (days, quote),
    )
    return str(quote)


def test_sent_quotes_past_their_date_expire(db):
    past = _quote(db, "sent", -1)
    today = _quote(db, "sent", 0)
    undated = _quote(db, "sent", None)
    draft = _quote(db, "draft", -3)
    command = db.one("select command from cron.job where jobname = 'finance-quote-expiry'")
    assert command and "expire_quotes" in command

    assert db.one("select public.expire_quotes()") >= 1
    status = dict(
        db.all(
            "select id::text, status from public.financial_quotes where id = any(%s::uuid[])",
            ([past, today, undated, draft],),
        )
    )
    assert status == {past: "expired", today: "sent", undated: "sent", draft: "draft"}
    # a second run has nothing left to do among these
    db.one("select public.expire_quotes()")
    assert db.one("select status from public.financial_quotes where id = %s", (today,)) == "sent"


def test_staff_cannot_run_the_job_as_an_rpc(db):
    err = db.act(ADMIN).fails("select public.expire_quotes()")
    assert "permission denied" in str(err)
