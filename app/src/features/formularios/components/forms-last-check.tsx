/** "Última verificação" of the forms update robot: the real last check of the weekly job, or none yet. */
import { formatDateTime } from '@/lib/format';
import { useFormsLastCheck } from '../api/forms-last-check';

export function FormsLastCheck() {
  const { data, isLoading } = useFormsLastCheck();
  // the latest of: the job's last run and an edition check recorded on a form (also by hand)
  const times = [data?.finished_at, data?.checked_at].filter((t): t is string => Boolean(t)).sort();
  const last = times.at(-1);
  let text = 'nenhuma ainda';
  if (isLoading) text = '...';
  else if (last) text = formatDateTime(last);
  return (
    <p className="text-sm" data-testid="forms-last-check">
      Última verificação: {text}
      {data?.status === 'failed' && <span className="text-destructive"> (falhou)</span>}
    </p>
  );
}
