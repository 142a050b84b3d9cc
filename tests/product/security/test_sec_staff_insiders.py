"""A non-admin staff account (the secretary) cannot hand a client's portal to another log-in, nor speak
in the thread as someone else."""
from __future__ import annotations

from security_helpers import ADMIN_USER, JOAO_CLIENT, MARIA_CLIENT, SECRETARY_USER


def test_secretary_cannot_relink_a_clients_log_in(attacker, sec_stack):
    (joao_user,) = sec_stack.sql("select user_id from clients where id = %s", (JOAO_CLIENT,))[0]
    r = attacker.patch(f"/rest/v1/clients?id=eq.{MARIA_CLIENT}", "secretary", json={"user_id": None})
    assert r.status_code == 403 and r.json()["code"] == "42501"
    r = attacker.patch(f"/rest/v1/clients?id=eq.{JOAO_CLIENT}", "admin", json={"user_id": SECRETARY_USER})
    assert r.status_code == 403
    assert sec_stack.sql("select user_id from clients where id = %s", (JOAO_CLIENT,)) == [(joao_user,)]
    # the client's details stay editable by staff
    r = attacker.patch(f"/rest/v1/clients?id=eq.{MARIA_CLIENT}", "secretary", json={"phone": "+1 (508) 555-0142"},
                       headers={"Prefer": "return=representation"})
    assert r.status_code == 200 and r.json()[0]["phone"] == "+1 (508) 555-0142"


def test_staff_messages_are_signed_by_the_sender(attacker, sec_stack):
    r = attacker.post("/rest/v1/messages", "secretary", json={
        "client_id": MARIA_CLIENT, "sender_type": "office", "sender_id": ADMIN_USER, "content": "Assinado pela Ana?"})
    assert r.status_code == 403
    r = attacker.post("/rest/v1/messages", "secretary", json={"client_id": MARIA_CLIENT, "sender_type": "office",
                                                              "content": "Olá, Maria"},
                      headers={"Prefer": "return=representation"})
    assert r.status_code == 201 and r.json()[0]["sender_id"] == SECRETARY_USER
