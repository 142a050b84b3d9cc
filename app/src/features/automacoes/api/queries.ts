/** Scheduled jobs and their runs, read through the administrator-only functions public.cron_*. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateTables, readsTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';

export interface CronJob {
  jobid: number;
  jobname: string | null;
  schedule: string;
  command: string;
  active: boolean;
  last_runid: number | null;
  last_status: string | null;
  last_message: string | null;
  last_start: string | null;
  last_end: string | null;
  failed_runs: number;
}

export interface CronRun {
  runid: number;
  jobid: number;
  jobname: string | null;
  status: string | null;
  return_message: string | null;
  start_time: string | null;
  end_time: string | null;
}

export const cronKeys = {
  all: ['cron'] as const,
  jobs: () => [...cronKeys.all, 'jobs'] as const,
  runs: () => [...cronKeys.all, 'runs'] as const,
};

// the scheduled jobs, their runs and the forms robot's last check
readsTables(cronKeys.all, ['cron.job', 'cron.job_run_details', 'uscis_forms', 'uscis_form_editions']);

// a requested run is picked up within seconds: poll while something is queued or running
const pending = (status: string | null | undefined) => status === 'starting' || status === 'running';

export function useCronJobs() {
  return useQuery({
    queryKey: cronKeys.jobs(),
    queryFn: async () => {
      const { data } = await supabase.rpc('cron_jobs').throwOnError();
      return (data ?? []) as CronJob[];
    },
    refetchInterval: (query) => (query.state.data?.some((job) => pending(job.last_status)) ? 2000 : 30000),
  });
}

export function useCronRuns(limit = 30) {
  return useQuery({
    queryKey: cronKeys.runs(),
    queryFn: async () => {
      const { data } = await supabase.rpc('cron_job_runs', { p_limit: limit }).throwOnError();
      return (data ?? []) as CronRun[];
    },
    refetchInterval: (query) => (query.state.data?.some((run) => pending(run.status)) ? 2000 : 30000),
  });
}

export function useRunJobNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (jobid: number) => {
      const { data } = await supabase.rpc('cron_run_now', { p_jobid: jobid }).throwOnError();
      return data as number;
    },
    onSuccess: () => invalidateTables(queryClient, ['cron.job_run_details']),
  });
}
