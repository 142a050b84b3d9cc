"""Reminders for contracts sent for signature and not signed, with the clock moved (the job's `p_now`): every
contract_reminder_days after sending, at most once per interval and contract_reminder_max times, by e-mail (and
WhatsApp when consented) through the outbox; nobody but the service runs the job."""

from __future__ import annotations

import postgrest
import pytest
from mail_sink import Mailbox
from test_contract_signing import MARIA_CLIENT, new_contract, sent, signed_in

from supabase import Client

MARIA = "maria.silva@cliente.test"


@pytest.fixture(scope="module")
def people(stack) -> dict[str, Client]:
    return {who: signed_in(stack, who) for who in ("admin@escritorio.test", MARIA)}


def remind(stack, days_later: float) -> int:
    return stack.sql("select public.remind_unsigned_contracts(now() + make_interval(secs => %s))",
                     (days_later * 86400,))[0][0]


def reminders(stack, contract_id: str) -> list[tuple]:
    return stack.sql("""select channel, recipient, status from public.notification_deliveries
                         where idempotency_key like %s order by created_at, channel""",
                     (f"contract-reminder:{contract_id}:%",))


@pytest.fixture
def office(stack):
    before = stack.sql("select contract_reminder_days, contract_reminder_max from public.office_settings")[0]
    consents = stack.sql("select channel, granted, phone, granted_at, revoked_at from public.client_channel_consents "
                         "where client_id = %s", (MARIA_CLIENT,))
    stack.sql("delete from public.client_channel_consents where client_id = %s", (MARIA_CLIENT,))
    # the other tests' contracts still waiting for a signature are not this test's business
    stack.sql("update public.financial_contracts set signature_status = 'draft', sent_at = null, "
              "document_sha256 = null, document_text = null where signature_status = 'sent'")
    yield
    stack.sql("update public.office_settings set contract_reminder_days = %s, contract_reminder_max = %s", before)
    stack.sql("delete from public.client_channel_consents where client_id = %s", (MARIA_CLIENT,))
    for row in consents:
        stack.sql("insert into public.client_channel_consents (client_id, channel, granted, phone, granted_at, "
                  "revoked_at) values (%s, %s, %s, %s, %s, %s)", (MARIA_CLIENT, *row))


def test_unsigned_contracts_are_reminded_once_per_interval(stack, people, office):
    stack.sql("update public.office_settings set contract_reminder_days = 3, contract_reminder_max = 2")
    contract_id = new_contract(stack)
    number = stack.sql("select contract_number from public.financial_contracts where id = %s", (contract_id,))[0][0]
    sent(stack, people, contract_id)
    box = Mailbox(stack)
    before = box.count(MARIA)
    assert remind(stack, 2.9) == 0 and reminders(stack, contract_id) == []          # not yet due
    assert remind(stack, 3.1) == 1
    assert remind(stack, 3.2) == 0 and remind(stack, 5.9) == 0                       # once per interval
    first = reminders(stack, contract_id)
    assert [(c, r) for c, r, _ in first] == [("email", MARIA), ("in_app", stack.sql(
        "select user_id::text from public.clients where id = %s", (MARIA_CLIENT,))[0][0])]
    mail = box.wait_for(MARIA, subject=f"contrato {number} aguardando", after=before, timeout=60)
    assert "ainda não foi assinado" in mail["body"]["text"]
    # the client consented to WhatsApp: the next reminder also goes there
    people[MARIA].rpc("set_channel_consent", {"p_channel": "whatsapp", "p_granted": True,
                                              "p_phone": "+15555550123"}).execute()
    assert remind(stack, 6.1) == 1
    assert sorted(c for c, _, _ in reminders(stack, contract_id)) == ["email", "email", "in_app", "in_app",
                                                                       "whatsapp"]
    assert remind(stack, 9.5) == 0 and remind(stack, 30) == 0                         # at most contract_reminder_max


def test_signed_or_draft_contracts_are_not_reminded_and_nobody_runs_the_job(stack, people, office):
    stack.sql("update public.office_settings set contract_reminder_days = 2, contract_reminder_max = 5")
    draft = new_contract(stack)
    waiting = new_contract(stack)
    sent(stack, people, waiting)
    # the terms changed after sending: back to draft, nothing to remind
    stack.sql("update public.financial_contracts set title = title || ' (revisto)' where id = %s", (waiting,))
    assert remind(stack, 5) == 0
    assert reminders(stack, draft) == [] and reminders(stack, waiting) == []
    for who in ("admin@escritorio.test", "secretaria@escritorio.test", MARIA):
        with pytest.raises(postgrest.APIError) as refused:
            signed_in(stack, who).rpc("remind_unsigned_contracts", {}).execute()
        assert refused.value.code == "42501", who
    assert stack.sql("select schedule, command from cron.job where jobname = 'contract-signature-reminders'") \
        == [("0 13 * * *", "select public.remind_unsigned_contracts()")]
    # the office setting is the administrators' (RLS on office_settings)
    secretaria = signed_in(stack, "secretaria@escritorio.test")
    secretaria.table("office_settings").update({"contract_reminder_days": 1}).eq("id", True).execute()
    assert stack.sql("select contract_reminder_days from public.office_settings") == [(2,)]
