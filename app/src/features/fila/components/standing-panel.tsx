/** The process page's "Onde o caso está" (staff): the queue fields (editable), the Visa Bulletin position and its
 * last 12 months, the estimate, and the USCIS processing time against the receipt date with the inquiry task. */
import { ClipboardPlus, Pencil } from 'lucide-react';
import { useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ColorBadge } from '@/components/ui/badge';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useCaseStanding, useCreateInquiryTask, useSaveQueueFields, type QueueFields } from '../api';
import {
  CHARGEABILITY,
  CHART_LABEL,
  VISA_CATEGORIES,
  bulletinMonthLabel,
  cutoffLabel,
  daysToCutoff,
  estimate,
  estimateLabel,
  processingRangeLabel,
  processingVerdict,
  spanLabel,
  type CaseStanding,
} from '../rules';
import { MovementChart } from './movement-chart';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

function QueueDialog({
  standing,
  open,
  onOpenChange,
}: {
  standing: CaseStanding;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSaveQueueFields();
  const [fields, setFields] = useState<QueueFields>({
    priority_date: standing.priority_date,
    visa_category: standing.visa_category,
    chargeability: standing.chargeability,
    uscis_form: standing.uscis_form,
    uscis_office: standing.uscis_office,
    receipt_date: standing.receipt_date,
  });
  const set = (key: keyof QueueFields) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setFields((f) => ({ ...f, [key]: e.target.value === '' ? null : e.target.value }));
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Fila e prazos do caso"
      description="Data de prioridade, categoria e área do Boletim de Vistos; formulário, escritório e data de recebimento no USCIS."
      pending={save.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        const form = fields.uscis_form?.trim().toUpperCase() || null;
        save.mutate(
          {
            processId: standing.process_id,
            fields: { ...fields, chargeability: fields.chargeability || 'ALL', uscis_form: form },
          },
          {
            onSuccess: () => {
              toast.success('Dados da fila salvos');
              onOpenChange(false);
            },
            onError: (error) => toast.error(`Erro ao salvar: ${errorMessage(error)}`),
          },
        );
      }}
    >
      <FormField label="Data de prioridade">
        <Input type="date" value={fields.priority_date ?? ''} onChange={set('priority_date')} />
      </FormField>
      <FormField label="Categoria do visto">
        <NativeSelect value={fields.visa_category ?? ''} onChange={set('visa_category')}>
          <option value="">Sem categoria (não depende do boletim)</option>
          {Object.entries(VISA_CATEGORIES).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Área de chargeability">
        <NativeSelect value={fields.chargeability} onChange={set('chargeability')}>
          {Object.entries(CHARGEABILITY).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Formulário (tempo de processamento)" description="Ex.: I-485">
          <Input value={fields.uscis_form ?? ''} onChange={set('uscis_form')} maxLength={8} />
        </FormField>
        <FormField label="Escritório do USCIS">
          <Input value={fields.uscis_office ?? ''} onChange={set('uscis_office')} maxLength={120} />
        </FormField>
      </div>
      <FormField label="Data de recebimento (Receipt Date)">
        <Input type="date" value={fields.receipt_date ?? ''} onChange={set('receipt_date')} />
      </FormField>
    </FormDialog>
  );
}

export function StandingPanel({ processId, clientId }: { processId: number; clientId: string | null }) {
  const { data: standing, isPending } = useCaseStanding(processId);
  const inquiry = useCreateInquiryTask();
  const [editing, setEditing] = useState(false);
  if (isPending) return <Skeleton className="h-40" />;
  if (!standing) return null;

  const b = standing.bulletin;
  const fa = b?.final_action ?? null;
  const gap = daysToCutoff(standing.priority_date, fa);
  const verdict = processingVerdict(standing);
  const range = processingRangeLabel(standing);

  return (
    <Card data-testid="case-standing">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>Onde o caso está</CardTitle>
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" />
          Editar fila
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-3">
          <Row label="Data de prioridade">{formatDate(standing.priority_date)}</Row>
          <Row label="Categoria">{standing.visa_category ?? '-'}</Row>
          <Row label="Área">{CHARGEABILITY[standing.chargeability] ?? standing.chargeability}</Row>
        </dl>
        {standing.priority_date && standing.visa_category && (
          <>
            {!b || !fa ? (
              <p className="text-sm text-muted-foreground">Nenhum Boletim de Vistos importado para esta categoria.</p>
            ) : (
              <>
                <dl className="grid grid-cols-2 gap-4 md:grid-cols-3">
                  <Row label={`Boletim de ${bulletinMonthLabel(b.month)}`}>
                    <ColorBadge color={fa.current ? 'green' : 'amber'} data-testid="bulletin-status">
                      {fa.current ? 'Em dia' : 'Aguardando'}
                    </ColorBadge>
                  </Row>
                  <Row label="Final Action Date">{cutoffLabel(fa)}</Row>
                  <Row label="Dates for Filing">{cutoffLabel(b.dates_for_filing)}</Row>
                  <Row label="Distância até a data de corte">
                    {gap === null ? '-' : gap === 0 ? 'Nenhuma: em dia' : `${spanLabel(gap)} (${gap} dias)`}
                  </Row>
                  <Row label="Tabela aceita pelo USCIS para ajuste neste mês">{CHART_LABEL[b.uscis_chart]}</Row>
                </dl>
                <MovementChart history={b.history} priorityDate={standing.priority_date} />
                <p className="text-sm" data-testid="bulletin-estimate">
                  <span className="font-medium">Estimativa: </span>
                  {estimateLabel(estimate(standing))}
                </p>
              </>
            )}
          </>
        )}
        <div className="grid gap-2 rounded-md border p-3 text-sm" data-testid="processing-time">
          <p className="font-medium">Tempo de processamento no USCIS</p>
          {!range ? (
            <p className="text-muted-foreground">
              {standing.uscis_form
                ? `Nenhum tempo cadastrado para ${standing.uscis_form}${standing.uscis_office ? ` em ${standing.uscis_office}` : ''} (Configurações).`
                : 'Informe o formulário e o escritório do USCIS em "Editar fila".'}
            </p>
          ) : (
            <>
              <p>{range}</p>
              {verdict ? (
                <p>
                  Recebido em {formatDate(standing.receipt_date)}: {verdict.elapsedMonths.toLocaleString('pt-BR')}{' '}
                  meses,{' '}
                  <ColorBadge color={verdict.within ? 'green' : 'red'} data-testid="processing-verdict">
                    {verdict.label}
                  </ColorBadge>
                </p>
              ) : (
                <p className="text-muted-foreground">Sem data de recebimento no USCIS.</p>
              )}
              {verdict && !verdict.within && (
                <div>
                  <Button
                    size="sm"
                    disabled={inquiry.isPending}
                    onClick={() =>
                      inquiry.mutate(
                        {
                          processId,
                          clientId,
                          receipt: standing.uscis?.receipt_number ?? null,
                          form: standing.processing_time!.form,
                        },
                        {
                          onSuccess: () => toast.success('Tarefa de consulta criada'),
                          onError: (error) => toast.error(`Erro ao criar a tarefa: ${errorMessage(error)}`),
                        },
                      )
                    }
                  >
                    <ClipboardPlus aria-hidden="true" />
                    Criar tarefa de consulta
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
      </CardContent>
      {editing && <QueueDialog standing={standing} open={editing} onOpenChange={setEditing} />}
    </Card>
  );
}
