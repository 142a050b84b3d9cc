/** Building blocks shared by the tracked-item tabs (USCIS receipts, EOIR court cases). */
import { History, RefreshCw } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { TableCell } from '@/components/ui/table';
import { ProcessPicker } from './process-picker';

/** Card header with the tab's title and the "Atualizar Todos" button. */
export function CheckAllHeader({
  title,
  description,
  running,
  onCheckAll,
}: {
  title: ReactNode;
  description: ReactNode;
  running: boolean;
  onCheckAll: () => void;
}) {
  return (
    <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </div>
      <Button variant="outline" disabled={running} onClick={onCheckAll}>
        <RefreshCw className={running ? 'animate-spin' : undefined} aria-hidden="true" />
        Atualizar Todos
      </Button>
    </CardHeader>
  );
}

/** The "Verificando N de M..." line while a check-all runs. */
export function CheckProgressStatus({ label }: { label: string | null }) {
  if (!label) return null;
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {label}
    </p>
  );
}

/** The row's actions cell: Histórico/Ocultar toggle and Verificar with its spinner. */
export function TrackedRowActions({
  name,
  expanded,
  onToggleHistory,
  checking,
  onCheck,
}: {
  /** The row's identifier (receipt number, A-number), part of the buttons' accessible names. */
  name: string;
  expanded: boolean;
  onToggleHistory: () => void;
  checking: boolean;
  onCheck: () => void;
}) {
  const toggleText = expanded ? 'Ocultar' : 'Histórico';
  return (
    <TableCell className="text-right">
      <div className="flex justify-end gap-1">
        <Button size="sm" variant="ghost" aria-label={`${toggleText} ${name}`} onClick={onToggleHistory}>
          <History aria-hidden="true" />
          {toggleText}
        </Button>
        <Button size="sm" variant="outline" aria-label={`Verificar ${name}`} disabled={checking} onClick={onCheck}>
          <RefreshCw className={checking ? 'animate-spin' : undefined} aria-hidden="true" />
          Verificar
        </Button>
      </div>
    </TableCell>
  );
}

/** The selected item's history card: loading, empty state, then a timeline of entries. */
export function HistoryPanel<E extends { id: string }>({
  title,
  label,
  testId,
  entries,
  isLoading,
  renderEntry,
}: {
  title: ReactNode;
  /** Accessible name of the card, when it has one. */
  label?: string;
  testId: string;
  entries: E[];
  isLoading: boolean;
  renderEntry: (entry: E) => ReactNode;
}) {
  return (
    <Card aria-label={label} data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-16" />
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum histórico disponível.</p>
        ) : (
          <ol className="grid gap-3">
            {entries.map((entry) => (
              <li key={entry.id} className="border-l-2 border-primary/40 pl-3">
                {renderEntry(entry)}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

/** The "identifier + process + action" form above a tracked-item table; the identifier is upper-cased as typed. */
export function ProcessLookupForm({
  ids,
  identifierLabel,
  identifierPlaceholder,
  identifier,
  onIdentifierChange,
  processId,
  onProcessIdChange,
  onSubmit,
  submitDisabled,
  pending,
  icon,
  submitLabel,
}: {
  /** Element ids of the identifier input and the process picker. */
  ids: { identifier: string; processId: string };
  identifierLabel: string;
  identifierPlaceholder: string;
  identifier: string;
  onIdentifierChange: (value: string) => void;
  processId: number | null;
  onProcessIdChange: (value: number | null) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitDisabled: boolean;
  pending: boolean;
  icon: ReactNode;
  submitLabel: string;
}) {
  return (
    <form className="grid gap-3 sm:grid-cols-[1fr_minmax(0,1.4fr)_auto] sm:items-end" onSubmit={onSubmit} noValidate>
      <div className="grid gap-2">
        <Label htmlFor={ids.identifier}>{identifierLabel}</Label>
        <Input
          id={ids.identifier}
          placeholder={identifierPlaceholder}
          autoComplete="off"
          value={identifier}
          onChange={(e) => onIdentifierChange(e.target.value.toUpperCase())}
        />
      </div>
      <ProcessPicker id={ids.processId} value={processId} onChange={onProcessIdChange} />
      <Button type="submit" disabled={submitDisabled}>
        {pending ? <Spinner className="size-4 text-current" /> : icon}
        {submitLabel}
      </Button>
    </form>
  );
}
