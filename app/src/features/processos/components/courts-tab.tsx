import { invalidateTables } from '@/lib/data-keys';
import { useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { DemoBadge } from '@/components/demo-badge';
import { Card, CardContent } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useOfficeTimeZone } from '@/lib/office-time';
import { AuthRequiredError, checkCourtCase } from '../api/functions';
import { useCourtCases, useCourtHistory } from '../api/queries';
import type { CourtCase } from '../api/types';
import { formatHearing } from '../lib/hearing';
import { normalizeIdentifier } from '../schemas';
import { fill, processStrings as t } from '../strings';
import { CourtStatusBadge } from './process-badges';
import {
  CheckAllHeader,
  CheckProgressStatus,
  HistoryPanel,
  ProcessLookupForm,
  TrackedRowActions,
} from './tracked-items';
import { TableStateRows } from '@/components/table-state-rows';
import { useCheckAll, useCheckOne } from './use-check-all';

function CourtHistoryPanel({ courtCase }: { courtCase: CourtCase }) {
  const { data: history = [], isLoading } = useCourtHistory(courtCase.id);
  const officeZone = useOfficeTimeZone();
  return (
    <HistoryPanel
      title={<>Histórico do Caso — {courtCase.a_number}</>}
      testId="court-history"
      entries={history}
      isLoading={isLoading}
      renderEntry={(entry) => (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <CourtStatusBadge status={entry.status} />
            {entry.is_demo && <DemoBadge />}
            <span className="text-xs text-muted-foreground">Atualizado em {formatDateTime(entry.updated_at)}</span>
          </div>
          {entry.details && <p className="mt-1 text-sm">{entry.details}</p>}
          <dl className="mt-1 grid gap-x-4 text-xs text-muted-foreground sm:grid-cols-3">
            <div>
              <dt className="inline font-medium">Audiência: </dt>
              <dd className="inline">{formatHearing(entry.hearing_date, entry.eoir_courts, officeZone)}</dd>
            </div>
            <div>
              <dt className="inline font-medium">Local: </dt>
              <dd className="inline">{entry.court_location ?? '-'}</dd>
            </div>
            <div>
              <dt className="inline font-medium">Juiz: </dt>
              <dd className="inline">{entry.judge_name ?? '-'}</dd>
            </div>
          </dl>
        </>
      )}
    />
  );
}

export function CourtsTab() {
  const queryClient = useQueryClient();
  const officeZone = useOfficeTimeZone();
  const { data: cases = [], isLoading } = useCourtCases();
  const [aNumber, setANumber] = useState('');
  const [processId, setProcessId] = useState<number | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const selected = cases.find((c) => c.id === selectedId) ?? null;

  // a hearing creates its preparation task
  const refresh = async () => {
    await invalidateTables(queryClient, ['eoir_court_cases', 'eoir_court_history', 'tasks']);
  };

  /** One check; returns the checked case id, or null after showing the failure toast. */
  const runCheck = async (a: string, process: number): Promise<string | null> => {
    try {
      const answer = await checkCourtCase(a, process);
      toast.success(t.courtChecked);
      return answer?.courtCase?.id ?? null;
    } catch (error) {
      if (error instanceof AuthRequiredError) toast.error(t.courtAuthRequired);
      else toast.error(fill(t.courtCheckError, { message: errorMessage(error) }));
      return null;
    }
  };

  const onLookup = async (event: FormEvent) => {
    event.preventDefault();
    const a = normalizeIdentifier(aNumber);
    const id = processId;
    if (!a || id === null) {
      toast.error(t.courtRequired);
      return;
    }
    setSubmitting(true);
    try {
      const caseId = await runCheck(a, id);
      if (caseId) {
        setSelectedId(caseId);
        setANumber('');
        setProcessId(null);
      }
      await refresh();
    } finally {
      setSubmitting(false);
    }
  };

  const { checkingId, checkOne } = useCheckOne<CourtCase>(async (courtCase) => {
    await runCheck(courtCase.a_number, courtCase.process_id);
    await refresh();
  });

  const checker = useCheckAll<CourtCase>({
    batchSize: 1,
    checkBatch: async (part) => {
      const failures: string[] = [];
      for (const courtCase of part) {
        try {
          await checkCourtCase(courtCase.a_number, courtCase.process_id);
        } catch (error) {
          if (error instanceof AuthRequiredError) throw error;
          // Log and skip: one failing case must not stop the others.
          console.error(`Falha ao verificar ${courtCase.a_number}:`, errorMessage(error));
          failures.push(errorMessage(error));
        }
      }
      return failures;
    },
    summarize: (failures, total) =>
      failures.length > 0 && failures.length === total ? `${failures.length} de ${total} casos falharam` : null,
    texts: {
      nothingToCheck: t.noCourtCases,
      authRequired: t.courtAuthRequired,
      success: t.courtsChecked,
      failure: t.courtsCheckError,
    },
    refresh: () => refresh(),
  });

  return (
    <div className="grid gap-4">
      <Card>
        <CheckAllHeader
          title={t.courtsTitle}
          description="Consulte casos na corte de imigração (EOIR) pelo Número A do estrangeiro."
          running={checker.running}
          onCheckAll={() => checker.run(cases)}
        />
        <CardContent className="grid gap-4">
          <ProcessLookupForm
            ids={{ identifier: 'court-a-number', processId: 'court-process-id' }}
            identifierLabel="Número A"
            identifierPlaceholder="A123456789"
            identifier={aNumber}
            onIdentifierChange={setANumber}
            processId={processId}
            onProcessIdChange={setProcessId}
            onSubmit={onLookup}
            submitDisabled={submitting}
            pending={submitting}
            icon={<Search aria-hidden="true" />}
            submitLabel="Consultar"
          />
          <CheckProgressStatus label={checker.label} />
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Nº A</TableHead>
                <TableHead>Status Atual</TableHead>
                <TableHead>Próxima Audiência</TableHead>
                <TableHead>Localização</TableHead>
                <TableHead>Juiz</TableHead>
                <TableHead className="text-right">Ações</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              <TableStateRows
                loading={isLoading}
                empty={cases.length === 0}
                skeletonRows={2}
                colSpan={6}
                emptyText={t.courtsEmpty}
              />
              {cases.map((courtCase) => {
                const isSelected = courtCase.id === selectedId;
                return (
                  <TableRow
                    key={courtCase.id}
                    data-state={isSelected ? 'selected' : undefined}
                    aria-selected={isSelected}
                  >
                    <TableCell className="font-mono text-xs font-medium">{courtCase.a_number}</TableCell>
                    <TableCell>
                      <div className="flex flex-wrap items-center gap-1">
                        <CourtStatusBadge status={courtCase.last_status} />
                        {courtCase.last_status_is_demo && <DemoBadge />}
                      </div>
                    </TableCell>
                    <TableCell>
                      {formatHearing(courtCase.last_hearing_date, courtCase.eoir_courts, officeZone)}
                    </TableCell>
                    <TableCell className="min-w-[12rem]">{courtCase.court_location ?? '-'}</TableCell>
                    <TableCell>{courtCase.judge_name ?? '-'}</TableCell>
                    <TrackedRowActions
                      name={courtCase.a_number}
                      expanded={isSelected}
                      onToggleHistory={() => setSelectedId(isSelected ? null : courtCase.id)}
                      checking={checkingId === courtCase.id}
                      onCheck={() => checkOne(courtCase)}
                    />
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      {selected && <CourtHistoryPanel courtCase={selected} />}
    </div>
  );
}
