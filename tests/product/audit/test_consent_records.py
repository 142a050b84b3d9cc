"""LGPD consent records through supabase-py: the office publishes versions of the terms of use and the privacy
notice, a client accepts the versions in force (accept-legal-documents: time, IP, user agent) and is asked again
after each new publication; a client reads and records only its own, staff read, nobody changes or removes a
record; the records are part of the client's data export."""

from __future__ import annotations

import io
import json
import time
import uuid
import zipfile

import httpx
import pytest
from postgrest.exceptions import APIError
from supabase_functions.errors import FunctionsHttpError

from conftest import ADMIN, ASSISTANT, JOAO, JOAO_CLIENT, MARIA, MARIA_CLIENT, SECRETARY


def accept(sb, ids: list[str]) -> dict:
    answer = sb.functions.invoke("accept-legal-documents", invoke_options={"body": {"documentIds": ids}})
    return json.loads(answer) if isinstance(answer, bytes | str) else answer


def publish(sb, kind: str, version: str) -> dict:
    return sb.table("legal_documents").insert({
        "kind": kind, "version": version, "title": f"{kind} {version}",
        "body": f"Texto da versão {version}."}).execute().data[0]


def pending(sb) -> list[dict]:
    return sb.rpc("pending_legal_documents", {}).execute().data


def test_a_client_accepts_the_versions_in_force_and_is_asked_again_after_a_new_one(sign_in, audit_stack):
    admin, maria, joao = sign_in(ADMIN), sign_in(MARIA), sign_in(JOAO)
    tag = uuid.uuid4().hex[:6]
    terms = publish(admin, "terms_of_use", f"1.{tag}")
    privacy = publish(admin, "privacy_notice", f"1.{tag}")
    assert terms["published_by"] == audit_stack.sql("select id::text from auth.users where email = %s",
                                                    (ADMIN,))[0][0]
    assert {d["id"] for d in pending(maria)} == {terms["id"], privacy["id"]}

    given = accept(maria, [terms["id"], privacy["id"]])["consents"]
    assert {(c["kind"], c["version"]) for c in given} == {("terms_of_use", f"1.{tag}"), ("privacy_notice", f"1.{tag}")}
    assert pending(maria) == []
    rows = audit_stack.sql("select ip, user_agent, accepted_at from public.client_consents"
                           " where client_id = %s and document_id = %s", (MARIA_CLIENT, terms["id"]))
    assert rows[0][0] == "127.0.0.1" and rows[0][1] and rows[0][2]
    # accepting again records nothing twice
    assert len(accept(maria, [terms["id"]])["consents"]) == 1
    assert audit_stack.sql("select count(*) from public.client_consents where client_id = %s and document_id = %s",
                           (MARIA_CLIENT, terms["id"])) == [(1,)]

    # the office publishes a new version of the terms: Maria is asked again for that one only
    terms2 = publish(admin, "terms_of_use", f"2.{tag}")
    assert [d["id"] for d in pending(maria)] == [terms2["id"]]
    # the old version is no longer accepted; the new one is
    with pytest.raises(FunctionsHttpError) as refused:
        accept(joao, [terms["id"]])
    assert refused.value.status == 409
    accept(maria, [terms2["id"]])
    assert pending(maria) == []
    # João accepted nothing: both versions in force are his to accept
    assert {d["id"] for d in pending(joao)} == {terms2["id"], privacy["id"]}

    # a version published by mistake is withdrawn: the previous one is in force again, and Maria had accepted it
    admin.table("legal_documents").update({"withdrawn_at": "now"}).eq("id", terms2["id"]).execute()
    assert pending(maria) == []
    assert {d["id"] for d in admin.rpc("current_legal_documents", {}).execute().data} >= {terms["id"], privacy["id"]}
    with pytest.raises(APIError) as again:
        admin.table("legal_documents").update({"withdrawn_at": None}).eq("id", terms2["id"]).execute()
    assert again.value.code == "23514"

    # who reads what: Maria her own, staff every client's (the LGPD panel), João none of Maria's
    mine = maria.table("client_consents").select("client_id, version").execute().data
    assert mine and {r["client_id"] for r in mine} == {MARIA_CLIENT}
    panel = sign_in(ASSISTANT).table("client_consents").select("kind, version, accepted_at, ip, user_agent") \
        .eq("client_id", MARIA_CLIENT).execute().data
    assert {r["version"] for r in panel} >= {f"1.{tag}", f"2.{tag}"}
    assert joao.table("client_consents").select("id").eq("client_id", MARIA_CLIENT).execute().data == []


def test_nobody_forges_changes_or_removes_a_consent(sign_in, audit_stack):
    admin, maria, joao = sign_in(ADMIN), sign_in(MARIA), sign_in(JOAO)
    doc = publish(admin, "privacy_notice", f"f.{uuid.uuid4().hex[:6]}")
    # João cannot record a consent in Maria's name
    with pytest.raises(APIError) as forged:
        joao.table("client_consents").insert({"client_id": MARIA_CLIENT, "document_id": doc["id"]}).execute()
    assert forged.value.code == "42501"
    # staff neither (through the table or the function)
    with pytest.raises(APIError):
        sign_in(ASSISTANT).table("client_consents").insert({"client_id": MARIA_CLIENT,
                                                           "document_id": doc["id"]}).execute()
    with pytest.raises(FunctionsHttpError) as staff:
        accept(sign_in(ASSISTANT), [doc["id"]])
    assert staff.value.status == 403
    # crafted input
    for body, status in (([], 400), (["' or 1=1 --"], 400), ([str(uuid.uuid4())], 404), ([doc["id"]] * 11, 400)):
        with pytest.raises(FunctionsHttpError) as bad:
            accept(maria, body)
        assert bad.value.status == status, body

    accept(maria, [doc["id"]])
    # the client's own insert stamps what the database decides, not what the row says
    stamped = audit_stack.sql("select kind, version, accepted_at > now() - interval '1 minute' from"
                              " public.client_consents where client_id = %s and document_id = %s",
                              (MARIA_CLIENT, doc["id"]))
    assert stamped == [("privacy_notice", doc["version"], True)]
    # nobody changes or removes a record: not the client, not an administrator
    for sb in (maria, admin):
        with pytest.raises(APIError) as changed:
            sb.table("client_consents").update({"version": "x"}).eq("client_id", MARIA_CLIENT).execute()
        assert changed.value.code == "42501"
        with pytest.raises(APIError) as removed:
            sb.table("client_consents").delete().eq("client_id", MARIA_CLIENT).execute()
        assert removed.value.code == "42501"
    # only administrators publish, and nobody rewrites a published text or removes a version
    with pytest.raises(APIError) as secretary:
        publish(sign_in(SECRETARY), "terms_of_use", "s.1")
    assert secretary.value.code == "42501"
    with pytest.raises(APIError) as clients_publish:
        publish(maria, "terms_of_use", "m.1")
    assert clients_publish.value.code == "42501"
    with pytest.raises(APIError) as rewritten:
        admin.table("legal_documents").update({"body": "outro texto"}).eq("id", doc["id"]).execute()
    assert rewritten.value.code == "42501"
    with pytest.raises(APIError) as dropped:
        admin.table("legal_documents").delete().eq("id", doc["id"]).execute()
    assert dropped.value.code == "42501"


def test_the_consents_are_part_of_the_clients_export(sign_in):
    admin, joao = sign_in(ADMIN), sign_in(JOAO)
    doc = publish(admin, "terms_of_use", f"e.{uuid.uuid4().hex[:6]}")
    accept(joao, [doc["id"]])
    answer = joao.functions.invoke("export-client-data", invoke_options={"body": {}})
    job = (json.loads(answer) if isinstance(answer, bytes | str) else answer)["job"]
    deadline = time.monotonic() + 90
    while True:
        status = joao.functions.invoke("export-client-data", invoke_options={"body": {"jobId": job["id"]}})
        status = json.loads(status) if isinstance(status, bytes | str) else status
        if status["job"]["status"] in ("done", "failed") or time.monotonic() > deadline:
            break
        time.sleep(0.3)
    assert status["job"]["status"] == "done", status
    archive = zipfile.ZipFile(io.BytesIO(httpx.get(status["signedUrl"], timeout=60).content))
    consents = json.loads(archive.read("dados/client_consents.json"))
    assert {(c["kind"], c["version"]) for c in consents} >= {("terms_of_use", doc["version"])}
    assert {c["client_id"] for c in consents} == {JOAO_CLIENT}
