/**
 * "Executar agora" of the forms update robot: asks the stack to run the scheduled job `uscis-forms-editions`
 * (public.cron_run_now, administrators only) and waits for that run to finish, so the last-check line and the
 * forms list can show its result.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTables } from '@/lib/data-keys';
import { supabase } from '@/lib/supabase';

export const FORMS_ROBOT_JOB = 'uscis-forms-editions';
export const ROBOT_POLL_MS = 2000;
// the stack picks a requested run up within seconds; after this we stop waiting and say it is still running
export const ROBOT_WAIT_MS = 60_000;

export type RobotOutcome = 'succeeded' | 'failed' | 'pending';

const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

async function runAndWait(): Promise<RobotOutcome> {
  const { data: jobs } = await supabase.rpc('cron_jobs').throwOnError();
  const job = ((jobs ?? []) as { jobid: number; jobname: string | null }[]).find((j) => j.jobname === FORMS_ROBOT_JOB);
  if (!job) throw new Error('A tarefa agendada de edições dos formulários não está cadastrada.');
  const { data: runid } = await supabase.rpc('cron_run_now', { p_jobid: job.jobid }).throwOnError();
  for (let waited = 0; waited < ROBOT_WAIT_MS; waited += ROBOT_POLL_MS) {
    await sleep(ROBOT_POLL_MS);
    const { data: runs } = await supabase.rpc('cron_job_runs', { p_jobid: job.jobid, p_limit: 10 }).throwOnError();
    const run = ((runs ?? []) as { runid: number; status: string | null }[]).find((r) => r.runid === runid);
    if (run?.status === 'succeeded' || run?.status === 'failed') return run.status;
  }
  return 'pending';
}

export function useRunFormsRobot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAndWait,
    onSettled: () => invalidateTables(queryClient, ['cron.job_run_details', 'uscis_forms', 'uscis_form_editions']),
  });
}
