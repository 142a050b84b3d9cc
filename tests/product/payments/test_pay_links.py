"""Pay links in installment reminders: the overdue reminder's in-app notice, e-mail and WhatsApp text carry a
portal deep link (/cliente/financeiro?pagar=<id>) that pays exactly that installment for its own client, and
grants nothing to anyone else (the link is no credential: another client's session finds nothing)."""
from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import httpx
from payment_support import JOAO, auth, new_installment
from test_card_payments import open_checkout, pay, payments_of

from office_outbox import email, whatsapp
from supastack.mail.settings import SmtpConfig

JOAO_EMAIL, MARIA_EMAIL = "joao.souza@cliente.test", "maria.silva@cliente.test"
SITE = "https://app.escritorio.example"


def overdue_installment(pay_stack, amount: str) -> str:
    installment = new_installment(pay_stack, JOAO, amount)
    pay_stack.sql("update public.financial_installments set due_date = current_date - 5 where id = %s",
                  (installment,))
    return installment


def reminder_deliveries(pay_stack, installment: str) -> dict[str, dict]:
    pay_stack.sql("select public.remind_overdue_installments(%s)", (installment,))
    rows = pay_stack.sql(
        "select d.channel, d.payload from public.notification_deliveries d join public.notifications n "
        "on n.id = d.notification_id join public.clients c on c.user_id = n.user_id "
        "where c.id = %s and n.idempotency_key = %s",
        (JOAO, f"installment-overdue:{installment}:1_30"))
    return {channel: payload for channel, payload in rows}


def test_the_reminder_carries_a_link_that_pays_that_installment(pay_stack, call, tokens):
    installment = overdue_installment(pay_stack, "320.00")
    other = overdue_installment(pay_stack, "111.00")     # another open installment of the same client
    deliveries = reminder_deliveries(pay_stack, installment)
    assert set(deliveries) == {"in_app", "email", "whatsapp"}   # João consented to e-mail and WhatsApp
    link = f"/cliente/financeiro?pagar={installment}"
    assert {payload["link"] for payload in deliveries.values()} == {link}
    # the e-mail's button and text, and the WhatsApp template's text, as the outbox renders them
    message = email.build(SmtpConfig(host="127.0.0.1", port=25, sender="escritorio@escritorio.test"),
                          "joao.souza@cliente.test", "installment_overdue", deliveries["email"], "k1", SITE)
    html = message.get_body(("html",)).get_content()
    text = message.get_body(("plain",)).get_content()
    assert f'href="{SITE}{link}"' in html and "Pagar agora" in html
    assert f"Pagar agora: {SITE}{link}" in text
    config = whatsapp.WhatsAppConfig(phone_number_id="1234567890", access_token="t", template_name="aviso")
    sent = whatsapp.body(config, "+5511912345678", "installment_overdue", deliveries["whatsapp"], "k2", SITE)
    parameters = sent["template"]["components"][0]["parameters"]
    assert len(parameters) == 2      # the approved template's two parameters, unchanged
    assert parameters[1]["text"].endswith(f"\nPagar agora: {SITE}{link}")
    # the link's id, opened by the client, pays that installment and no other
    [wanted] = parse_qs(urlsplit(SITE + link).query)["pagar"]
    opened = open_checkout(call, tokens, wanted)
    assert opened["amount"] == "320.00"
    pay(pay_stack, opened["sessionId"])
    [(amount, status, provider, *_rest)] = payments_of(pay_stack, installment)
    assert (str(amount), status, provider) == ("320.00", "paid", "stripe")
    assert payments_of(pay_stack, other) == []
    # the job reminded of that installment only
    assert pay_stack.sql("select count(*) from public.notifications where idempotency_key like %s",
                         (f"installment-overdue:{other}:%",)) == [(0,)]
    # a second run of the daily job does not remind again
    assert reminder_deliveries(pay_stack, installment) == deliveries


def test_another_clients_session_cannot_use_the_link(pay_stack, call, tokens):
    installment = overdue_installment(pay_stack, "275.00")
    deliveries = reminder_deliveries(pay_stack, installment)
    [wanted] = parse_qs(urlsplit(deliveries["email"]["link"]).query)["pagar"]
    maria = tokens[MARIA_EMAIL]
    # what the portal page reads for the link: nothing for Maria
    seen = httpx.get(f"{pay_stack.url}/rest/v1/financial_installments?id=eq.{wanted}&select=id",
                     headers=auth(pay_stack, maria))
    assert seen.status_code == 200 and seen.json() == []
    for function in ("payments-checkout", "payments-pix"):
        answer = call(function, maria, {"installmentId": wanted})
        assert answer.status_code == 404, (function, answer.text)
    # signed out, the link is nothing but a path
    assert call("payments-checkout", None, {"installmentId": wanted}).status_code == 401
    assert pay_stack.sql("select count(*) from public.payment_checkouts where installment_id = %s",
                         (installment,)) == [(0,)]
    assert pay_stack.sql("select count(*) from public.pix_charges where installment_id = %s", (installment,)) == [(0,)]
    # staff's own reminder keeps pointing at the contracts screen, without a pay link
    admin_links = pay_stack.sql(
        "select distinct n.link from public.notifications n where n.idempotency_key like %s",
        (f"installment-overdue:{installment}:1_30:%",))
    assert admin_links == [("/financeiro/contratos",)]
