"""Deletion with legal holds: the client asks, an administrator reviews through client-data-deletion; what the
office's retention settings hold stays (an open case with its documents, recent financial records), the rest is
deleted with its storage objects, the record anonymised and the log-in removed, and a certificate says what was done."""

from __future__ import annotations

import json
import uuid

import pytest
from postgrest.exceptions import APIError
from supabase_functions.errors import FunctionsHttpError

from conftest import ADMIN, ASSISTANT, JOAO, PASSWORD
from supabase import ClientOptions, create_client


def review(sb, body: dict) -> dict:
    answer = sb.functions.invoke("client-data-deletion", invoke_options={"body": body})
    return json.loads(answer) if isinstance(answer, bytes | str) else answer


def new_client(audit_stack, sign_in):
    """A client of its own (the demo clients stay for the other tests), signed in, with an open and an old case."""
    email = f"lgpd.{uuid.uuid4().hex[:8]}@cliente.test"
    admin = sign_in(ADMIN)
    client_id = admin.rpc("create_client_user", {"email": email, "password": PASSWORD, "full_name": "Paula Titular",
                                                 "phone": "+1 305 555 0199", "address": "Rua A, 1"}).execute().data
    sb = create_client(audit_stack.url, audit_stack.anon_key,
                       options=ClientOptions(auto_refresh_token=False, persist_session=False))
    sb.auth.sign_in_with_password({"email": email, "password": PASSWORD})
    open_case = admin.table("processes").insert({"type": "Green Card", "client_id": client_id,
                                                 "status": "em andamento"}).execute().data[0]["id"]
    old_case = admin.table("processes").insert({"type": "Visto de turista", "client_id": client_id,
                                                "status": "concluído"}).execute().data[0]["id"]
    audit_stack.sql("update public.processes set closed_at = now() - interval '10 years' where id = %s", (old_case,))
    return client_id, sb, open_case, old_case


def test_deletion_keeps_what_is_held_and_removes_the_rest(audit_stack, sign_in, user_id):
    client_id, sb, open_case, old_case = new_client(audit_stack, sign_in)
    admin = sign_in(ADMIN)
    paths = {}
    for label, process in (("held", open_case), ("old", old_case), ("loose", None)):
        paths[label] = f"{client_id}/{label}-{uuid.uuid4().hex[:6]}.pdf"
        sb.storage.from_("client_documents").upload(paths[label], b"%PDF-1.4 " + label.encode(),
                                                   {"content-type": "application/pdf"})
        sb.table("client_documents").insert({"client_id": client_id, "process_id": process, "name": label,
                                             "file_path": paths[label], "uploaded_by": "client",
                                             "shared_with_client": True}).execute()
    sb.table("messages").insert({"client_id": client_id, "sender_type": "client", "content": "Quero sair"}).execute()
    contract = admin.table("financial_contracts").insert({
        "client_id": client_id, "title": "Honorários", "total_amount": 1000, "currency": "USD"}) \
        .execute().data[0]["id"]
    audit_stack.sql("update public.office_settings set retention_process_years = 5, retention_financial_years = 5,"
                    " retention_document_years = 0")

    request_id = sb.rpc("request_data_deletion", {"p_reason": "Não sou mais cliente"}).execute().data
    with pytest.raises(APIError) as twice:
        sb.rpc("request_data_deletion", {}).execute()
    assert twice.value.code == "23505"
    mine = sb.table("data_deletion_requests").select("status, reason").execute().data
    assert mine == [{"status": "pending", "reason": "Não sou mais cliente"}]
    assert sign_in(JOAO).table("data_deletion_requests").select("id").eq("id", request_id).execute().data == []

    certificate = review(admin, {"requestId": request_id, "approve": True, "note": "Conferido"})["certificate"]

    # held: the open case, its document (file too), the recent contract
    assert audit_stack.sql("select id from public.processes where client_id = %s", (client_id,)) == [(open_case,)]
    assert audit_stack.sql("select name from public.client_documents where client_id = %s", (client_id,)) == \
        [("held",)]
    assert audit_stack.sql("select count(*) from public.financial_contracts where id = %s", (contract,)) == [(1,)]
    objects = {n for (n,) in audit_stack.sql("select name from storage.objects where name like %s",
                                             (f"{client_id}/%",))}
    assert objects == {paths["held"]}
    # removed: the old case, the loose document, the messages; the record anonymised; the log-in gone
    assert audit_stack.sql("select count(*) from public.messages where client_id = %s", (client_id,)) == [(0,)]
    assert audit_stack.sql("select full_name, phone, user_id from public.clients where id = %s", (client_id,)) == \
        [("Titular removido (LGPD)", None, None)]
    assert audit_stack.sql("select count(*) from auth.users where email like 'lgpd.%%' and id in"
                           " (select requested_by from public.data_deletion_requests where id = %s)",
                           (request_id,)) == [(0,)]
    assert certificate["kept"]["processes"] == 1 and certificate["removed"]["processes"] == 1
    assert certificate["kept"]["client_documents"] == 1 and certificate["removed"]["client_documents"] == 2
    assert certificate["removed"]["messages"] == 1 and certificate["kept"]["financial_contracts"] == 1
    assert certificate["login_removed"] is True and certificate["storage_removed"] is True
    assert certificate["storage_objects_removed"] == 2 and certificate["approved_by"] == user_id(ADMIN)
    stored = audit_stack.sql("select status, certificate ->> 'storage_removed' from public.data_deletion_requests"
                             " where id = %s", (request_id,))
    assert stored == [("completed", "true")]
    # a second review of the same request is refused
    with pytest.raises(FunctionsHttpError) as again:
        review(admin, {"requestId": request_id, "approve": True})
    assert again.value.status == 409


def test_only_administrators_review_and_a_rejection_keeps_everything(audit_stack, sign_in):
    client_id, sb, open_case, _old = new_client(audit_stack, sign_in)
    request_id = sb.rpc("request_data_deletion", {}).execute().data
    for who in (sign_in(ASSISTANT), sb):
        with pytest.raises(FunctionsHttpError) as refused:
            review(who, {"requestId": request_id, "approve": True})
        assert refused.value.status == 403
    with pytest.raises(APIError) as direct:
        sb.rpc("review_data_deletion", {"p_request": request_id, "p_approve": True}).execute()
    assert direct.value.code == "42501"
    with pytest.raises(FunctionsHttpError) as bad:
        review(sign_in(ADMIN), {"requestId": "'; delete from clients --", "approve": True})
    assert bad.value.status == 400
    # staff cannot ask in a client's name
    with pytest.raises(APIError) as staff:
        sign_in(ASSISTANT).rpc("request_data_deletion", {}).execute()
    assert staff.value.code == "42501"
    answer = review(sign_in(ADMIN), {"requestId": request_id, "approve": False, "note": "Processo em andamento"})
    assert answer["certificate"]["status"] == "rejected"
    assert audit_stack.sql("select count(*) from public.processes where client_id = %s", (client_id,)) == [(2,)]
    assert sb.table("data_deletion_requests").select("status, review_note").execute().data == \
        [{"status": "rejected", "review_note": "Processo em andamento"}]
