"""The stack runs due jobs and records each run as pg_cron does (status, return_message, times)."""
from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from conftest import WORKDIR, wait_for
from supastack.cron import schedule as schedules
from supastack.cron.config import CronConfig
from supastack.cron.runner import Runner
from supastack.cron.schedule import SlotCache, latest_slot


def runs(stack, name: str) -> list[tuple]:
    return stack.sql("select d.status, d.return_message, d.start_time, d.end_time, d.username, d.command"
                     " from cron.job_run_details d join cron.job j using (jobid) where j.jobname = %s"
                     " order by d.runid", (name,))


def test_a_job_every_second_runs_and_records_success(cron_stack):
    cron_stack.sql("create table if not exists public.cron_ticks (at timestamptz not null default clock_timestamp())")
    cron_stack.sql("select cron.schedule('tick', '1 seconds', 'insert into public.cron_ticks default values')")
    try:
        done = wait_for(lambda: [r for r in runs(cron_stack, "tick") if r[0] == "succeeded"][2:] and
                        runs(cron_stack, "tick"))
    finally:
        cron_stack.sql("select cron.unschedule('tick')")
    status, message, start, end, user, command = done[0]
    assert (status, message, user, command) == ("succeeded", "INSERT 0 1", "postgres",
                                                "insert into public.cron_ticks default values")
    assert start <= end
    assert cron_stack.sql("select count(*) from public.cron_ticks")[0][0] >= 3


def test_a_failing_job_records_the_error_and_keeps_its_schedule(cron_stack):
    cron_stack.sql("select cron.schedule('broken', '1 seconds', 'select 1/0')")
    try:
        failed = wait_for(lambda: [r for r in runs(cron_stack, "broken") if r[0] == "failed"][1:])
    finally:
        cron_stack.sql("select cron.unschedule('broken')")
    assert failed[0][1] == "ERROR:  division by zero"
    assert failed[0][3] is not None


def test_a_job_runs_as_the_user_who_scheduled_it(cron_stack):
    cron_stack.sql("create table if not exists public.cron_whoami (who text)")
    cron_stack.sql("grant insert on public.cron_whoami to service_role")
    cron_stack.sql("set role service_role; select cron.schedule('whoami', '1 seconds',"
                   " 'insert into public.cron_whoami values (current_user)')")
    try:
        wait_for(lambda: cron_stack.sql("select who from public.cron_whoami"))
    finally:
        cron_stack.sql("select cron.unschedule(jobid) from cron.job where jobname = 'whoami'")
    assert {who for (who,) in cron_stack.sql("select who from public.cron_whoami")} == {"service_role"}


def test_inactive_jobs_do_not_run_and_new_jobs_start_from_now(cron_stack):
    jobid = cron_stack.sql("select cron.schedule('paused', '1 seconds', 'select 1')")[0][0]
    cron_stack.sql("select cron.alter_job(%s, active := false)", (jobid,))
    before = len(runs(cron_stack, "paused"))
    asyncio.run(asyncio.sleep(2.5))
    assert len(runs(cron_stack, "paused")) == before <= 1
    # a daily job created now has no run for this morning's time, already past
    cron_stack.sql("select cron.schedule('not-yet', '@daily', 'select 1')")
    asyncio.run(asyncio.sleep(1.5))
    assert runs(cron_stack, "not-yet") == []
    cron_stack.sql("select cron.unschedule('paused'), cron.unschedule('not-yet')")


def test_run_now_request_is_picked_up(cron_stack):
    jobid = cron_stack.sql("select cron.schedule('on-demand', '0 0 1 1 *', 'select 42')")[0][0]
    cron_stack.sql("insert into cron.job_run_details (jobid, database, username, command, status)"
                   " select jobid, database, username, command, 'starting' from cron.job where jobid = %s", (jobid,))
    done = wait_for(lambda: [r for r in runs(cron_stack, "on-demand") if r[0] == "succeeded"])
    assert done[0][1] == "SELECT 1"
    cron_stack.sql("select cron.unschedule('on-demand')")


def test_statement_timeout_fails_a_long_job(cluster):
    from harness import StackProcess
    s = StackProcess(cluster, workdir=WORKDIR, name="cron-timeout", seed=False, env={"CRON_STATEMENT_TIMEOUT": "500ms"})
    try:
        s.sql("select cron.schedule('slow', '1 seconds', 'select pg_sleep(3)')")
        failed = wait_for(lambda: [r for r in runs(s, "slow") if r[0] == "failed"])
        assert failed[0][1] == "ERROR:  canceling statement due to statement timeout"
    finally:
        s.stop()


# -- the claim, without a stack: two runners racing for one scheduled instant ------------------------------
def test_two_runners_claim_one_slot_once(cron_stack):
    cron_stack.sql("create table if not exists public.cron_claims (slot timestamptz primary key)")
    command = "insert into public.cron_claims values (current_setting('supastack.cron_slot')::timestamptz)"
    jobid = cron_stack.sql("select cron.schedule('race', '0 0 1 1 *', %s)", (command,))[0][0]
    cron_stack.sql("update cron.job set active = false where jobid = %s", (jobid,))   # the stack's runner stays out
    config = CronConfig(timezone=ZoneInfo("America/New_York"))
    job_row = cron_stack.sql("select jobid, schedule, command, username, database from cron.job where jobid = %s",
                             (jobid,))[0]
    from supastack.cron.runner import Job

    async def race(slot):
        a, b = Runner(cron_stack.db_url, config), Runner(cron_stack.db_url, config)
        return await asyncio.gather(a.run_scheduled(Job(*job_row), slot), b.run_scheduled(Job(*job_row), slot))

    now = datetime.now(UTC).replace(microsecond=0) + timedelta(seconds=10)   # after the job's creation
    for k in range(5):
        assert sorted(asyncio.run(race(now + timedelta(seconds=k)))) == [False, True]
    # an instant at or before the last one claimed is never run again
    assert asyncio.run(race(now)) == [False, False]
    assert cron_stack.sql("select count(*) from public.cron_claims")[0][0] == 5
    statuses = cron_stack.sql("select status from cron.job_run_details where jobid = %s", (jobid,))
    assert statuses == [("succeeded",)] * 5
    cron_stack.sql("select cron.unschedule('race')")


@pytest.mark.parametrize("schedule, now, expected", [
    ("0 6 * * *", "2026-03-09T10:30:00+00:00", "2026-03-09T10:00:00+00:00"),   # 06:00 EDT
    ("0 6 * * *", "2026-03-07T12:00:00+00:00", "2026-03-07T11:00:00+00:00"),   # 06:00 EST
    ("*/15 * * * *", "2026-03-09T10:31:10+00:00", "2026-03-09T10:30:00+00:00"),
    ("10 seconds", "2026-03-09T10:31:17+00:00", "2026-03-09T10:31:10+00:00"),
    ("0 7 * * mon", "2026-03-12T12:00:00+00:00", "2026-03-09T11:00:00+00:00"),
])
def test_latest_slot_in_the_office_time_zone(schedule, now, expected):
    got = latest_slot(schedule, datetime.fromisoformat(now), ZoneInfo("America/New_York"))
    assert got == datetime.fromisoformat(expected)


@pytest.mark.parametrize("schedule", ["*/5 * * * *", "0 6 * * *", "30 17 * * 1-5", "0 2 * * *", "20 seconds", "bad"])
def test_remembered_slots_answer_as_croniter_does(schedule, monkeypatch):
    """Across the night the clocks go forward (2:00 is skipped in New York), every 37 s: the cached answer is
    croniter's, which is asked again only when a new slot has come."""
    zone = ZoneInfo("America/New_York")
    computed = []

    def counted(*args):
        computed.append(args)
        return latest_slot(*args)

    monkeypatch.setattr(schedules, "latest_slot", counted)
    cache = SlotCache(zone)
    start = datetime.fromisoformat("2026-03-08T04:00:00+00:00")
    instants = [start + timedelta(seconds=37 * k) for k in range(6 * 3600 // 37)]
    for now in instants:
        assert cache.latest(schedule, now) == latest_slot(schedule, now, zone), now
    distinct = len({latest_slot(schedule, now, zone) for now in instants})
    assert len(computed) <= distinct + 1
    if "seconds" not in schedule:
        assert len(computed) < len(instants) / 5
