"""cron.schedule / unschedule / alter_job behave as pg_cron's, with its tables and columns."""
from __future__ import annotations

import psycopg
import pytest


def columns(stack, table: str) -> list[tuple[str, str]]:
    return stack.sql("select column_name, data_type from information_schema.columns"
                     " where table_schema = 'cron' and table_name = %s order by ordinal_position", (table,))


def test_tables_have_pg_crons_columns(cron_stack):
    assert columns(cron_stack, "job") == [
        ("jobid", "bigint"), ("schedule", "text"), ("command", "text"), ("nodename", "text"),
        ("nodeport", "integer"), ("database", "text"), ("username", "text"), ("active", "boolean"),
        ("jobname", "name")]
    assert columns(cron_stack, "job_run_details") == [
        ("jobid", "bigint"), ("runid", "bigint"), ("job_pid", "integer"), ("database", "text"),
        ("username", "text"), ("command", "text"), ("status", "text"), ("return_message", "text"),
        ("start_time", "timestamp with time zone"), ("end_time", "timestamp with time zone")]


def test_schedule_by_name_is_an_upsert(cron_stack):
    first = cron_stack.sql("select cron.schedule('api-upsert', '*/5 * * * *', 'select 1')")[0][0]
    again = cron_stack.sql("select cron.schedule('api-upsert', '0 6 * * 1-5', 'select 2')")[0][0]
    assert first == again
    row = cron_stack.sql("select schedule, command, username, database, active from cron.job where jobid = %s",
                         (first,))
    assert row == [("0 6 * * 1-5", "select 2", "postgres", cron_stack.db_url.rsplit("/", 1)[1], True)]
    assert cron_stack.sql("select cron.unschedule('api-upsert')") == [(True,)]
    assert cron_stack.sql("select count(*) from cron.job where jobid = %s", (first,)) == [(0,)]


def test_unnamed_jobs_and_unschedule_by_id(cron_stack):
    a = cron_stack.sql("select cron.schedule('@daily', 'select 1')")[0][0]
    b = cron_stack.sql("select cron.schedule('@daily', 'select 1')")[0][0]
    assert a != b
    assert cron_stack.sql("select cron.unschedule(%s::bigint), cron.unschedule(%s::bigint)", (a, b)) == [(True, True)]


@pytest.mark.parametrize("schedule", ["*/5 * * * *", "0 6 * * 1-5", "30 7 1,15 * *", "0 0 * jan,jul sun",
                                      "@weekly", "@hourly", "5 seconds", "59 seconds", "0 12 * * 7"])
def test_valid_schedules(cron_stack, schedule):
    jobid = cron_stack.sql("select cron.schedule('valid', %s, 'select 1')", (schedule,))[0][0]
    assert cron_stack.sql("select schedule from cron.job where jobid = %s", (jobid,)) == [(schedule,)]
    cron_stack.sql("select cron.unschedule('valid')")


@pytest.mark.parametrize("schedule", ["* * * *", "60 * * * *", "* 24 * * *", "0 0 32 * *", "0 0 * 13 *",
                                      "*/0 * * * *", "0 seconds", "60 seconds", "@reboot2", "every day", ""])
def test_invalid_schedules_are_refused(cron_stack, schedule):
    with pytest.raises(psycopg.errors.InvalidParameterValue, match="invalid schedule"):
        cron_stack.sql("select cron.schedule('invalid', %s, 'select 1')", (schedule,))
    assert cron_stack.sql("select count(*) from cron.job where jobname = 'invalid'") == [(0,)]


def test_unscheduling_what_does_not_exist_fails(cron_stack):
    with pytest.raises(psycopg.errors.InvalidParameterValue, match="could not find valid entry for job 'nope'"):
        cron_stack.sql("select cron.unschedule('nope')")
    with pytest.raises(psycopg.errors.InvalidParameterValue, match="could not find valid entry for job 987654"):
        cron_stack.sql("select cron.unschedule(987654::bigint)")


def test_alter_job_changes_only_what_it_is_given(cron_stack):
    jobid = cron_stack.sql("select cron.schedule('alter-me', '0 6 * * *', 'select 1')")[0][0]
    cron_stack.sql("select cron.alter_job(%s, active := false)", (jobid,))
    cron_stack.sql("select cron.alter_job(%s, schedule := '0 7 * * *')", (jobid,))
    assert cron_stack.sql("select schedule, command, active from cron.job where jobid = %s", (jobid,)) == [
        ("0 7 * * *", "select 1", False)]
    with pytest.raises(psycopg.errors.InvalidParameterValue):
        cron_stack.sql("select cron.alter_job(%s, schedule := 'bad')", (jobid,))
    cron_stack.sql("select cron.unschedule('alter-me')")


def test_service_role_schedules_as_itself_only(cron_stack):
    with psycopg.connect(cron_stack.db_url, autocommit=True) as conn:
        conn.execute("set role service_role")
        jobid = conn.execute("select cron.schedule('as-service', '@daily', 'select 1')").fetchone()[0]
        conn.execute("update cron.job set username = 'postgres' where jobid = %s", (jobid,))
        assert conn.execute("select username from cron.job where jobid = %s", (jobid,)).fetchone() == ("service_role",)
        assert conn.execute("select cron.unschedule('as-service')").fetchone() == (True,)


@pytest.mark.parametrize("role", ["anon", "authenticated"])
def test_api_roles_cannot_touch_cron_or_net(cron_stack, role):
    with psycopg.connect(cron_stack.db_url, autocommit=True) as conn:
        conn.execute(f"set role {role}")
        for statement in ("select * from cron.job", "select * from cron.job_run_details",
                          "select cron.schedule('x', '@daily', 'select 1')",
                          "select net.http_get('http://127.0.0.1:9/')", "select * from net._http_response",
                          "select supastack.invoke_function('uscis-status-checker')"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(statement)
