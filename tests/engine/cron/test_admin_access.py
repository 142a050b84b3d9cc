"""Jobs and runs are read through the app's path (REST calls of public.cron_* as the signed-in user):
administrators see them and can ask for a run now; secretaries, clients and anonymous callers cannot,
and the cron schema itself is not served by the REST API."""
from __future__ import annotations

import uuid

import httpx
import pytest

from conftest import wait_for

PASSWORD = "Cron@12345"


def make_user(stack, role: str) -> str:
    """A user with one role, created through the auth admin API; returns their access token."""
    email = f"cron-{role}-{uuid.uuid4().hex[:8]}@escritorio.test"
    service = {"apikey": stack.service_role_key, "Authorization": f"Bearer {stack.service_role_key}"}
    created = httpx.post(f"{stack.url}/auth/v1/admin/users", headers=service,
                         json={"email": email, "password": PASSWORD, "email_confirm": True})
    assert created.status_code == 200, created.text
    stack.sql("insert into public.user_roles (user_id, role) values (%s, %s)", (created.json()["id"], role))
    token = httpx.post(f"{stack.url}/auth/v1/token?grant_type=password", headers={"apikey": stack.anon_key},
                       json={"email": email, "password": PASSWORD})
    assert token.status_code == 200, token.text
    return token.json()["access_token"]


@pytest.fixture(scope="module")
def tokens(cron_stack):
    return {role: make_user(cron_stack, role) for role in ("administrator", "secretary", "client")}


def rpc(stack, name: str, token: str | None, body: dict | None = None) -> httpx.Response:
    headers = {"apikey": stack.anon_key}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return httpx.post(f"{stack.url}/rest/v1/rpc/{name}", headers=headers, json=body or {})


def test_administrator_reads_jobs_and_runs_and_runs_a_job_now(cron_stack, tokens):
    admin = tokens["administrator"]
    jobs = rpc(cron_stack, "cron_jobs", admin)
    assert jobs.status_code == 200, jobs.text
    by_name = {j["jobname"]: j for j in jobs.json()}
    assert {"uscis-status-check", "eoir-case-check", "uscis-forms-editions"} <= set(by_name)
    job = by_name["uscis-forms-editions"]
    assert job["schedule"] == "0 7 * * 1" and job["active"] is True

    runid = rpc(cron_stack, "cron_run_now", admin, {"p_jobid": job["jobid"]})
    assert runid.status_code == 200, runid.text
    runs = wait_for(lambda: [r for r in rpc(cron_stack, "cron_job_runs", admin, {"p_jobid": job["jobid"]}).json()
                             if r["runid"] == runid.json() and r["status"] == "succeeded"])
    assert runs[0]["jobname"] == "uscis-forms-editions"
    listed = {j["jobname"]: j for j in rpc(cron_stack, "cron_jobs", admin).json()}["uscis-forms-editions"]
    assert (listed["last_runid"], listed["last_status"]) == (runid.json(), "succeeded")


@pytest.mark.parametrize("role", ["secretary", "client", None])
def test_others_cannot_read_or_run_jobs(cron_stack, tokens, role):
    token = tokens[role] if role else None
    jobid = cron_stack.sql("select jobid from cron.job where jobname = 'uscis-status-check'")[0][0]
    before = cron_stack.sql("select count(*) from cron.job_run_details")[0][0]
    for name, body in (("cron_jobs", {}), ("cron_job_runs", {}), ("cron_run_now", {"p_jobid": jobid})):
        answer = rpc(cron_stack, name, token, body)
        assert answer.status_code in (401, 403), (name, answer.status_code, answer.text)
    assert cron_stack.sql("select count(*) from cron.job_run_details")[0][0] == before


@pytest.mark.parametrize("role", ["administrator", "secretary"])
def test_the_cron_schema_is_not_served_by_rest(cron_stack, tokens, role):
    answer = httpx.get(f"{cron_stack.url}/rest/v1/job", headers={
        "apikey": cron_stack.anon_key, "Authorization": f"Bearer {tokens[role]}", "Accept-Profile": "cron"})
    assert answer.status_code == 406, answer.text


def test_staff_see_when_the_forms_were_last_checked_but_clients_do_not(cron_stack, tokens):
    staff = rpc(cron_stack, "uscis_forms_last_check", tokens["secretary"])
    assert staff.status_code == 200 and len(staff.json()) == 1, staff.text
    assert set(staff.json()[0]) == {"started_at", "finished_at", "status", "checked_at"}
    assert rpc(cron_stack, "uscis_forms_last_check", tokens["client"]).json() == []
