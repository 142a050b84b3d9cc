import { useQueryClient } from '@tanstack/react-query';
import { History, RefreshCw, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { AuthRequiredError, checkCourtCase } from '../api/functions';
import { processKeys } from '../api/keys';
import { useCourtCases, useCourtHistory } from '../api/queries';
import type { CourtCase } from '../api/types';
import { normalizeIdentifier, parseProcessId } from '../schemas';
import { fill, processStrings as t } from '../strings';
import { CourtStatusBadge } from './process-badges';

function CourtHistoryPanel({ courtCase }: { courtCase: CourtCase }) {
  const { data: history = [], isLoading } = useCourtHistory(courtCase.id);
  return (
    <Card data-testid="court-history">
      <CardHeader>
        <CardTitle>Histórico do Caso — {courtCase.a_number}</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-16" />
        ) : history.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum histórico disponível.</p>
        ) : (
          <ol className="grid gap-3">
            {history.map((entry) => (
              <li key={entry.id} className="border-l-2 border-primary/40 pl-3">
                <div className="flex flex-wrap items-center gap-2">
                  <CourtStatusBadge status={entry.status} />
                  <span className="text-xs text-muted-foreground">Atualizado em {formatDateTime(entry.updated_at)}</span>
                </div>
                {entry.details && <p className="mt-1 text-sm">{entry.details}</p>}
                <dl className="mt-1 grid gap-x-4 text-xs text-muted-foreground sm:grid-cols-3">
                  <div>
                    <dt className="inline font-medium">Audiência: </dt>
                    <dd className="inline">{formatDateTime(entry.hearing_date)}</dd>
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
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

export function CourtsTab() {
  const queryClient = useQueryClient();
  const { data: cases = [], isLoading } = useCourtCases();
  const [aNumber, setANumber] = useState('');
  const [processId, setProcessId] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [checking, setChecking] = useState<string | null>(null);
  const [checkingAll, setCheckingAll] = useState<{ done: number; total: number } | null>(null);
  const selected = cases.find((c) => c.id === selectedId) ?? null;

  const refresh = async (caseId?: string | null) => {
    await queryClient.invalidateQueries({ queryKey: processKeys.courtCases() });
    if (caseId) await queryClient.invalidateQueries({ queryKey: processKeys.courtHistory(caseId) });
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
    const id = parseProcessId(processId);
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
        setProcessId('');
      }
      await refresh(caseId);
    } finally {
      setSubmitting(false);
    }
  };

  const checkOne = async (courtCase: CourtCase) => {
    setChecking(courtCase.id);
    try {
      await runCheck(courtCase.a_number, courtCase.process_id);
      await refresh(courtCase.id);
    } finally {
      setChecking(null);
    }
  };

  const checkAll = async () => {
    if (cases.length === 0) {
      toast.info(t.noCourtCases);
      return;
    }
    setCheckingAll({ done: 0, total: cases.length });
    let failed = 0;
    try {
      for (const [index, courtCase] of cases.entries()) {
        setCheckingAll({ done: index, total: cases.length });
        try {
          await checkCourtCase(courtCase.a_number, courtCase.process_id);
        } catch (error) {
          if (error instanceof AuthRequiredError) {
            toast.error(t.courtAuthRequired);
            return;
          }
          // Log and skip: one failing case must not stop the others.
          failed += 1;
          console.error(`Falha ao verificar ${courtCase.a_number}:`, errorMessage(error));
        }
      }
      if (failed > 0 && failed === cases.length) {
        toast.error(fill(t.courtsCheckError, { message: `${failed} de ${cases.length} casos falharam` }));
      } else {
        toast.success(t.courtsChecked);
      }
    } catch (error) {
      toast.error(fill(t.courtsCheckError, { message: errorMessage(error) }));
    } finally {
      setCheckingAll(null);
      await refresh(selectedId);
    }
  };

  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <CardTitle>{t.courtsTitle}</CardTitle>
            <CardDescription>Consulte casos na corte de imigração (EOIR) pelo Número A do estrangeiro.</CardDescription>
          </div>
          <Button variant="outline" disabled={checkingAll !== null} onClick={checkAll}>
            <RefreshCw className={checkingAll ? 'animate-spin' : undefined} aria-hidden="true" />
            Atualizar Todos
          </Button>
        </CardHeader>
        <CardContent className="grid gap-4">
          <form className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end" onSubmit={onLookup} noValidate>
            <div className="grid gap-2">
              <Label htmlFor="court-a-number">Número A</Label>
              <Input
                id="court-a-number"
                placeholder="A123456789"
                autoComplete="off"
                value={aNumber}
                onChange={(e) => setANumber(e.target.value.toUpperCase())}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="court-process-id">ID do Processo</Label>
              <Input
                id="court-process-id"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                placeholder="1"
                value={processId}
                onChange={(e) => setProcessId(e.target.value)}
              />
            </div>
            <Button type="submit" disabled={submitting}>
              {submitting ? <Spinner className="size-4 text-current" /> : <Search aria-hidden="true" />}
              Consultar
            </Button>
          </form>
          {checkingAll && (
            <p role="status" className="text-sm text-muted-foreground">
              Verificando {checkingAll.done + 1} de {checkingAll.total}...
            </p>
          )}
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
              {isLoading ? (
                Array.from({ length: 2 }, (_, i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={6}>
                      <Skeleton className="h-6" />
                    </TableCell>
                  </TableRow>
                ))
              ) : cases.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6} className="py-8 text-center text-muted-foreground">
                    {t.courtsEmpty}
                  </TableCell>
                </TableRow>
              ) : (
                cases.map((courtCase) => {
                  const isSelected = courtCase.id === selectedId;
                  return (
                    <TableRow key={courtCase.id} data-state={isSelected ? 'selected' : undefined} aria-selected={isSelected}>
                      <TableCell className="font-mono text-xs font-medium">{courtCase.a_number}</TableCell>
                      <TableCell>
                        <CourtStatusBadge status={courtCase.last_status} />
                      </TableCell>
                      <TableCell>{formatDateTime(courtCase.last_hearing_date)}</TableCell>
                      <TableCell className="min-w-[12rem]">{courtCase.court_location ?? '-'}</TableCell>
                      <TableCell>{courtCase.judge_name ?? '-'}</TableCell>
                      <TableCell className="text-right">
                        <div className="flex justify-end gap-1">
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`${isSelected ? 'Ocultar' : 'Histórico'} ${courtCase.a_number}`}
                            onClick={() => setSelectedId(isSelected ? null : courtCase.id)}
                          >
                            <History aria-hidden="true" />
                            {isSelected ? 'Ocultar' : 'Histórico'}
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Verificar ${courtCase.a_number}`}
                            disabled={checking === courtCase.id}
                            onClick={() => checkOne(courtCase)}
                          >
                            <RefreshCw className={checking === courtCase.id ? 'animate-spin' : undefined} aria-hidden="true" />
                            Verificar
                          </Button>
                        </div>
                      </TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      {selected && <CourtHistoryPanel courtCase={selected} />}
    </div>
  );
}
