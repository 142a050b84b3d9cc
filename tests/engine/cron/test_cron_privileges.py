"""A scheduled job runs with its owner's privileges and nothing more: a job scheduled by service_role cannot get
back to the runner's superuser role (RESET ROLE, SET SESSION AUTHORIZATION, a deferred trigger that fires at
commit), and cannot read what only superusers read."""
from __future__ import annotations

import uuid

import psycopg
import pytest
from psycopg import sql

from conftest import wait_for


def run_once(stack, owner: str, command: str) -> tuple[str, str]:
    """Schedule `command` as `owner` every second, wait for its first finished run, unschedule it."""
    name = f"priv-{uuid.uuid4().hex[:8]}"
    with psycopg.connect(stack.db_url, autocommit=True) as conn:
        conn.execute(sql.SQL("set role {}").format(sql.Identifier(owner)))
        conn.execute("select cron.schedule(%s, '1 seconds', %s)", (name, command))
    try:
        done = wait_for(lambda: stack.sql(
            "select d.status, d.return_message from cron.job_run_details d join cron.job j using (jobid)"
            " where j.jobname = %s and d.status in ('succeeded', 'failed') order by d.runid limit 1", (name,)))
    finally:
        stack.sql("select cron.unschedule(jobid) from cron.job where jobname = %s", (name,))
    return done[0]


def superusers(stack) -> set[str]:
    return {r for (r,) in stack.sql("select rolname from pg_roles where rolsuper")}


@pytest.mark.parametrize("escape", [
    "reset role; create role {role} superuser login",
    "set role none; create role {role} superuser login",
    "set session authorization postgres; create role {role} superuser login",
    "select set_config('role', 'none', true); create role {role} superuser login",
])
def test_a_service_role_job_cannot_become_superuser(cron_stack, escape):
    before = superusers(cron_stack)
    role = f"cron_escape_{uuid.uuid4().hex[:6]}"
    status, message = run_once(cron_stack, "service_role", escape.format(role=role))
    assert status == "failed", message
    assert "permission denied" in message or "must be superuser" in message or "not allowed" in message, message
    assert cron_stack.sql("select 1 from pg_roles where rolname = %s", (role,)) == []
    assert superusers(cron_stack) == before


def test_a_service_role_job_cannot_read_password_hashes(cron_stack):
    status, message = run_once(cron_stack, "service_role", "reset role; select rolpassword from pg_authid")
    assert (status, message) == ("failed", "ERROR:  permission denied for table pg_authid")


def test_code_left_to_run_at_commit_runs_without_the_runners_privileges(cron_stack):
    """A deferred constraint trigger fires at commit, after the job's statements, as whoever the session is."""
    role = f"cron_commit_{uuid.uuid4().hex[:6]}"
    table = f"cron_deferred_{uuid.uuid4().hex[:6]}"
    cron_stack.sql("grant create on schema public to service_role")
    try:
        command = f"""
            create table public.{table} (id int);
            create function public.{table}_fire() returns trigger language plpgsql as $f$
              begin execute 'create role {role} superuser'; return null; end $f$;
            create constraint trigger {table}_late after insert on public.{table}
              deferrable initially deferred for each row execute function public.{table}_fire();
            insert into public.{table} values (1)"""
        status, message = run_once(cron_stack, "service_role", command)
        assert status == "failed" and "permission denied" in message, message
        assert cron_stack.sql("select 1 from pg_roles where rolname = %s", (role,)) == []
    finally:
        cron_stack.sql(f"drop table if exists public.{table}; drop function if exists public.{table}_fire()")
        cron_stack.sql("revoke create on schema public from service_role")


def test_the_job_still_runs_as_its_owner_and_the_login_role_holds_nothing_else(cron_stack):
    check = "do $d$ begin if current_user <> 'service_role' then raise 'wrong user'; end if; end $d$"
    status, message = run_once(cron_stack, "service_role", check)
    assert (status, message) == ("succeeded", "DO")
    login = cron_stack.sql("select rolsuper, rolinherit, rolcreaterole, rolbypassrls,"
                           " array(select g.rolname::text from pg_auth_members m join pg_roles g on g.oid = m.roleid"
                           "       where m.member = r.oid)"
                           " from pg_roles r where rolname = 'supastack_cron_service_role'")
    assert login == [(False, False, False, False, ["service_role"])]
    # the login's password is readable by superusers only
    status, message = run_once(cron_stack, "service_role", "select * from supastack.cron_logins")
    assert status == "failed" and "permission denied" in message, message
