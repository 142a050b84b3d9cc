/** The questionnaire with its status and the actions of who is looking: the client sends, staff review/reopen. */
import { CheckCircle2, RotateCcw, Send } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Badge, badgeColor } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/errors';
import { useSaveQuestionnaire } from '../api/mutations';
import { useQuestionnaire } from '../api/queries';
import type { QuestionnaireStatus } from '../api/types';
import { questionnaireStrings as t } from '../strings';
import { QuestionnaireForm } from './questionnaire-form';

const STATUS_COLOR: Record<QuestionnaireStatus, string> = {
  rascunho: badgeColor.gray,
  enviado: badgeColor.blue,
  revisado: badgeColor.green,
};

export function QuestionnaireStatusBadge({ status }: { status: QuestionnaireStatus }) {
  return (
    <Badge variant="outline" className={STATUS_COLOR[status]} data-testid="questionnaire-status">
      {t.status[status]}
    </Badge>
  );
}

export function QuestionnaireScreen({ clientId, viewer }: { clientId: string; viewer: 'client' | 'staff' }) {
  const { data: questionnaire, isLoading, isError } = useQuestionnaire(clientId);
  const save = useSaveQuestionnaire(clientId);
  if (isLoading || !clientId) return <PageSpinner />;
  if (isError) return <p className="text-sm text-destructive">{t.saveError}</p>;
  const status = questionnaire?.status ?? 'rascunho';

  const setStatus = (next: QuestionnaireStatus, done: string) =>
    save.mutate(
      { status: next },
      { onSuccess: () => toast.success(done), onError: (e) => toast.error(errorMessage(e)) },
    );

  const actions =
    viewer === 'client' ? (
      status !== 'revisado' && (
        <Button type="button" onClick={() => setStatus('enviado', t.submitted)} disabled={save.isPending}>
          <Send aria-hidden="true" />
          {t.submit}
        </Button>
      )
    ) : status === 'revisado' ? (
      <Button
        type="button"
        variant="outline"
        onClick={() => setStatus('rascunho', t.reopened)}
        disabled={save.isPending}
      >
        <RotateCcw aria-hidden="true" />
        {t.reopen}
      </Button>
    ) : (
      <Button type="button" onClick={() => setStatus('revisado', t.reviewed)} disabled={save.isPending}>
        <CheckCircle2 aria-hidden="true" />
        {t.markReviewed}
      </Button>
    );

  return (
    <div className="grid gap-4">
      <div>
        <QuestionnaireStatusBadge status={status} />
      </div>
      {/* keyed by row id: a first save creates the row, and the form keeps what is being typed */}
      <QuestionnaireForm
        key={clientId}
        clientId={clientId}
        questionnaire={questionnaire ?? null}
        locked={viewer === 'client' && status === 'revisado'}
        actions={actions}
      />
    </div>
  );
}
