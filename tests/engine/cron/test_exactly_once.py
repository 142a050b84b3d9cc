"""Each due run executes exactly once with several API processes and two stacks on one database, and a
run interrupted by kill -9 is run again by another process."""
from __future__ import annotations

import os
import signal
import time

from conftest import WORKDIR, wait_for
from harness import StackProcess


def test_two_stacks_with_two_workers_each_run_every_slot_once(cluster):
    first = StackProcess(cluster, workdir=WORKDIR, name="cron-a", seed=False, env={"API_WORKERS": "2"})
    second = StackProcess(cluster, workdir=WORKDIR, name="cron-b", seed=False,
                          env={"API_WORKERS": "2", "DATABASE_URL": first.db_url})
    try:
        first.sql("create table public.cron_hits (slot timestamptz primary key, by_pid integer not null)")
        jobid = first.sql("select cron.schedule('everywhere', '1 seconds', $$insert into public.cron_hits values"
                          " (current_setting('supastack.cron_slot')::timestamptz, pg_backend_pid())$$)")[0][0]
        wait_for(lambda: first.sql("select count(*) from public.cron_hits")[0][0] >= 8, timeout=30)
        first.sql("select cron.unschedule('everywhere')")
        time.sleep(1.5)
        statuses = dict(first.sql("select status, count(*) from cron.job_run_details where jobid = %s"
                                  " group by status", (jobid,)))
        hits = first.sql("select count(*), count(distinct slot) from public.cron_hits")[0]
        # a second run of a slot would have failed on the primary key: every run succeeded, one per slot
        assert set(statuses) == {"succeeded"}, statuses
        assert hits[0] == hits[1] == statuses["succeeded"]
        # consecutive seconds, none skipped while the job was scheduled
        span = first.sql("select extract(epoch from max(slot) - min(slot))::int + 1 from public.cron_hits")[0][0]
        assert span == hits[0]
    finally:
        second.stop()
        first.stop()


def test_a_run_killed_mid_way_is_run_again_by_the_other_stack(cluster):
    first = StackProcess(cluster, workdir=WORKDIR, name="cron-kill-a", seed=False)
    second = StackProcess(cluster, workdir=WORKDIR, name="cron-kill-b", seed=False, env={"DATABASE_URL": first.db_url,
                                                                       "CRON_ENABLED": "false"})
    try:
        first.sql("create table public.cron_done (slot timestamptz primary key)")
        # a yearly schedule so that only one slot is in play; the run takes 4 s
        command = ("select pg_sleep(4); insert into public.cron_done"
                   " values (current_setting('supastack.cron_slot')::timestamptz)")
        jobid = first.sql("select cron.schedule('slow-once', '0 0 1 1 *', %s)", (command,))[0][0]
        first.sql("update cron.job_slot set last_slot = last_slot - interval '2 years' where jobid = %s", (jobid,))
        wait_for(lambda: first.sql("select count(*) from pg_stat_activity where query like '%pg_sleep(4)%'"
                                   " and pid <> pg_backend_pid()")[0][0] > 0)
        os.kill(first.proc.pid, signal.SIGKILL)
        first.proc.wait()
        first.proc = None
        assert first.sql("select count(*) from public.cron_done") == [(0,)]
        second.env["CRON_ENABLED"] = "true"
        second.restart()                         # the survivor, now running jobs, takes the slot over
        done = wait_for(lambda: first.sql("select slot from public.cron_done"), timeout=20)
        assert len(done) == 1
        statuses = first.sql("select status from cron.job_run_details where jobid = %s", (jobid,))
        assert statuses == [("succeeded",)]      # the killed run left no row: its transaction never committed
    finally:
        second.stop()
        first.stop()
