"""The office requires a second factor of its staff: the database refuses staff data to aal1 staff sessions.

Real tokens through supabase-py on a stack of its own (the product's migrations and seed), so the setting
can be switched and the stack restarted without touching other suites.
"""
from __future__ import annotations

import time

import httpx
import pyotp
import pytest
from postgrest.exceptions import APIError

from conftest import WORKDIR
from harness import StackProcess, signed_in
from supabase import Client

DEMO_PASSWORD = "Demo@12345"
ADMIN = "admin@escritorio.test"
SECRETARY = "secretaria@escritorio.test"
ASSISTANT = "assistente@escritorio.test"
CLIENT = "maria.silva@cliente.test"


@pytest.fixture(scope="module")
def mstack(cluster):
    s = StackProcess(cluster, WORKDIR, name="staffmfa", env={"SIGN_IN_FAILURES_PER_IP": "100000",
                                                             "SIGN_IN_FAILURES_PER_EMAIL": "100000"})
    yield s
    s.stop()


def raise_to_aal2(sb: Client) -> str:
    """Enrols a TOTP factor and verifies it: the session becomes aal2. Returns the factor's secret."""
    factor = sb.auth.mfa.enroll({"factor_type": "totp", "friendly_name": "Celular"})
    sb.auth.mfa.challenge_and_verify({"factor_id": factor.id, "code": pyotp.TOTP(factor.totp.secret).now()})
    assert sb.auth.mfa.get_authenticator_assurance_level().current_level == "aal2"
    return factor.totp.secret


def set_required(sb: Client, on: bool) -> list:
    return sb.table("office_settings").update({"require_staff_mfa": on}).eq("id", True).execute().data


def staff_view(sb: Client) -> dict:
    """What a staff member normally reads: clients, processes, the office settings, a staff RPC."""
    return {
        "clients": len(sb.table("clients").select("id").execute().data),
        "processes": len(sb.table("processes").select("id").execute().data),
        "office_settings": len(sb.table("office_settings").select("id").execute().data),
        "staff_directory": len(sb.rpc("staff_directory").execute().data),
    }


def own_view(sb: Client) -> dict:
    """What a staff member at aal1 still needs: own profile, own roles, the setting."""
    uid = sb.auth.get_user().user.id
    return {
        "profile": len(sb.table("profiles").select("id").eq("id", uid).execute().data),
        "roles": sorted(r["role"] for r in sb.table("user_roles").select("role").eq("user_id", uid).execute().data),
        "required": sb.rpc("staff_mfa_required").execute().data,
    }


def test_staff_second_factor_required_by_the_database(mstack):
    admin = signed_in(mstack, ADMIN)
    secretary = signed_in(mstack, SECRETARY)
    client = signed_in(mstack, CLIENT)
    client_before = len(client.table("clients").select("id").execute().data)
    assert client_before == 1
    folder = client.table("clients").select("id").execute().data[0]["id"]
    client.storage.from_("client_documents").upload(f"{folder}/passaporte.txt", b"dados",
                                                    {"content-type": "text/plain"})

    # off (the default): aal1 staff read staff data
    assert mstack.sql("select require_staff_mfa from public.office_settings") == [(False,)]
    before = staff_view(secretary)
    assert min(before.values()) > 0, before

    # an administrator at aal1 cannot turn it on (nobody locks the office out by accident)
    with pytest.raises(APIError) as refused:
        set_required(admin, True)
    assert refused.value.code == "PT403"
    assert mstack.sql("select require_staff_mfa from public.office_settings") == [(False,)]

    # from an aal2 session it can
    raise_to_aal2(admin)
    assert len(set_required(admin, True)) == 1
    assert mstack.sql("select require_staff_mfa from public.office_settings") == [(True,)]

    # the aal1 secretary now gets nothing of the staff data, and cannot write it
    assert staff_view(secretary) == dict.fromkeys(before, 0)
    assert own_view(secretary) == {"profile": 1, "roles": ["secretary"], "required": True}
    with pytest.raises(APIError) as denied:
        secretary.table("tasks").insert({"title": "Tarefa sem segundo fator"}).execute()
    assert denied.value.code == "42501"
    # storage goes through the same policies: the client's documents are hidden from the aal1 session
    assert secretary.storage.from_("client_documents").list(folder) == []
    assert [o["name"] for o in admin.storage.from_("client_documents").list(folder)] == ["passaporte.txt"]
    assert [o["name"] for o in client.storage.from_("client_documents").list(folder)] == ["passaporte.txt"]
    # the administrator at aal2 reads as before
    assert staff_view(admin) == before

    # the client is unaffected
    assert len(client.table("clients").select("id").execute().data) == client_before
    assert own_view(client)["required"] is True

    # the secretary enrols (allowed at aal1: it is the first factor), verifies, and reads again
    secret = raise_to_aal2(secretary)
    assert staff_view(secretary) == before

    # after a restart the database still decides the same way, for old and new tokens
    assistant = signed_in(mstack, ASSISTANT)
    assert staff_view(assistant)["clients"] == 0
    mstack.restart()
    assert staff_view(assistant)["clients"] == 0
    assert staff_view(secretary) == before
    again = signed_in(mstack, SECRETARY)
    assert again.auth.mfa.get_authenticator_assurance_level().next_level == "aal2"
    assert staff_view(again)["processes"] == 0
    factor_id = again.auth.mfa.list_factors().totp[0].id
    # the code after the one the enrolment used (a code is accepted once; one step ahead is accepted)
    again.auth.mfa.challenge_and_verify({"factor_id": factor_id, "code": pyotp.TOTP(secret).at(time.time() + 30)})
    assert staff_view(again) == before

    # turned off (by the aal2 administrator): aal1 staff read again
    assert len(set_required(admin, False)) == 1
    assert staff_view(signed_in(mstack, ASSISTANT)) == before
    assert mstack.sql("select require_staff_mfa from public.office_settings") == [(False,)]


def test_only_administrators_change_the_setting(mstack):
    assistant = signed_in(mstack, ASSISTANT)
    raise_to_aal2(assistant)
    assert set_required(assistant, True) == []  # RLS: not an administrator, nothing updated
    assert mstack.sql("select require_staff_mfa from public.office_settings") == [(False,)]


def test_functions_refuse_administrator_rights_to_an_aal1_session_while_required(mstack):
    """The edge functions act with the service role after checking the caller: they must see what the policies see,
    so an administrator below aal2 is no administrator for them while the office requires the second factor."""
    admin = signed_in(mstack, "admin@escritorio.test")
    token = admin.auth.get_session().access_token
    headers = {"apikey": mstack.anon_key, "Authorization": f"Bearer {token}"}

    def settings_call() -> httpx.Response:
        return httpx.get(f"{mstack.url}/functions/v1/system-settings", params={"key": "s3_config"},
                         headers=headers, timeout=30)

    assert settings_call().status_code == 200
    mstack.sql("update public.office_settings set require_staff_mfa = true")
    try:
        refused = settings_call()
        assert refused.status_code == 403, refused.text
        invite = httpx.post(f"{mstack.url}/functions/v1/invite-staff", headers=headers, timeout=30,
                            json={"email": "nao.convidado@escritorio.test", "full_name": "Não Convidado",
                                  "role": "administrator"})
        assert invite.status_code == 403, invite.text
        assert mstack.sql("select 1 from auth.users where email = 'nao.convidado@escritorio.test'") == []
    finally:
        mstack.sql("update public.office_settings set require_staff_mfa = false")
    assert settings_call().status_code == 200
