"""Scheduled jobs with pg_cron's API (cron.schedule, cron.job, cron.job_run_details), run by the stack."""
