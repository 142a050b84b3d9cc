/** The portal's "Onde estou na fila" card of one case, in plain Portuguese: the USCIS status explained, the
 * processing-time range, the Visa Bulletin position, the next hearing or appointment, and what to do now. */
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ColorBadge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatDateTime } from '@/lib/format';
import { useBulletinNotice, useCaseStanding } from '../api';
import {
  estimate,
  estimateLabel,
  explainUscisStatus,
  nextStepLabel,
  positionLabel,
  processingSpan,
  processingVerdict,
} from '../rules';

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <section className="grid gap-1" data-testid={testId}>
      <h3 className="text-sm font-semibold">{title}</h3>
      <div className="text-sm text-muted-foreground">{children}</div>
    </section>
  );
}

export function QueueCard({ processId }: { processId: number }) {
  const { data: standing, isPending } = useCaseStanding(processId);
  const { data: notice } = useBulletinNotice(processId);
  if (isPending) return <Skeleton className="h-40" />;
  if (!standing) return null;

  const uscis = explainUscisStatus(standing.uscis?.status);
  const range = processingSpan(standing);
  const verdict = processingVerdict(standing);
  const fa = standing.bulletin?.final_action ?? null;
  const inBulletin = Boolean(standing.priority_date && standing.visa_category);

  return (
    <Card data-testid="queue-card">
      <CardHeader>
        <CardTitle as="h2">Onde estou na fila</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {notice && (
          <div
            role="status"
            className="rounded-md border border-blue-200 bg-blue-50 p-3 text-sm"
            data-testid="queue-notice"
          >
            <p className="font-semibold">
              {notice.title}{' '}
              <span className="font-normal text-muted-foreground">({formatDate(notice.created_at)})</span>
            </p>
            {notice.body && <p className="mt-1">{notice.body}</p>}
          </div>
        )}
        <Section title="Situação no USCIS" testId="queue-uscis">
          {uscis ?? 'O USCIS ainda não informou um status para este caso.'}
        </Section>
        <Section title="Tempo de processamento" testId="queue-processing">
          {range ? (
            <>
              <p>O USCIS tem levado {range} para este tipo de pedido.</p>
              {verdict && (
                <p>
                  Seu caso está há {verdict.elapsedMonths.toLocaleString('pt-BR')} meses no USCIS:{' '}
                  <ColorBadge color={verdict.within ? 'green' : 'amber'}>{verdict.label}</ColorBadge>
                </p>
              )}
            </>
          ) : (
            'Sem tempo de processamento informado para este caso.'
          )}
        </Section>
        <Section title="Boletim de Vistos" testId="queue-bulletin">
          <p>
            {inBulletin && fa && (
              <ColorBadge color={fa.current ? 'green' : 'amber'} className="mr-2">
                {fa.current ? 'Em dia' : 'Aguardando a vez'}
              </ColorBadge>
            )}
            {positionLabel(standing)}
          </p>
          {inBulletin && fa && !fa.current && <p className="mt-1">{estimateLabel(estimate(standing))}</p>}
        </Section>
        <Section title="Próximo compromisso" testId="queue-next">
          {standing.next_event
            ? `${standing.next_event.title}: ${formatDateTime(standing.next_event.at)}${standing.next_event.location ? ` (${standing.next_event.location})` : ''}`
            : 'Nenhuma audiência ou atendimento marcado.'}
        </Section>
        <Section title="O que você precisa fazer agora" testId="queue-todo">
          <p className="font-medium text-foreground">{nextStepLabel(standing)}</p>
        </Section>
      </CardContent>
    </Card>
  );
}
