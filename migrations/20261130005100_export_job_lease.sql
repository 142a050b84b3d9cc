-- LGPD exports run as jobs a worker claims with a lease (functions/client_exports/worker.py, started in every API
-- process by the [workers] hook), no longer inside the request that asked for them: a job whose worker died is
-- claimed again once its lease runs out, a job that failed is retried after a pause, and after max_attempts it
-- ends 'failed' with a pt-BR reason. Every write of a worker names the attempt it claimed, so a worker that lost
-- its lease never overwrites the one that took the job over, and a job is finished once.
alter table public.data_export_jobs
  add column attempts        integer not null default 0 check (attempts >= 0),
  add column lease_until     timestamptz,
  add column next_attempt_at timestamptz not null default now();
comment on column public.data_export_jobs.attempts is
  'How many times a worker claimed the job (a claim whose lease ran out counts).';
comment on column public.data_export_jobs.lease_until is
  'While running: until when the worker that claimed it holds it (renewed as it works); after that another worker takes it.';
comment on column public.data_export_jobs.next_attempt_at is
  'A queued job is claimed from this time on (a retry after a failure waits a little).';

create index data_export_jobs_due_idx on public.data_export_jobs (next_attempt_at)
  where status in ('queued', 'running');
