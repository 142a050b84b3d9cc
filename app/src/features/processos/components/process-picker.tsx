/**
 * ProcessPicker: choose a process by client name, case type, receipt number or id (replaces "ID do Processo"). The
 * search runs in the database as the user types (never a list of every process).
 */
import { Check, ChevronsUpDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useProcessRow, useProcessRowSearch } from '../api/queries';
import type { ProcessRow } from '../api/types';
import { processStrings as t } from '../strings';

/** "#3 · Asilo · João Souza" */
export function processLabel(process: Pick<ProcessRow, 'id' | 'type' | 'client_name' | 'client'>): string {
  const client = process.client?.full_name ?? process.client_name;
  return [`#${process.id}`, process.type, client].filter(Boolean).join(' · ');
}

export function ProcessPicker({
  id,
  value,
  onChange,
  label = t.processPicker,
}: {
  id?: string;
  value: number | null;
  onChange: (processId: number | null) => void;
  label?: string;
}) {
  const generated = useId();
  const triggerId = id ?? generated;
  const listId = `${triggerId}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const term = useDebouncedValue(query.trim());
  const found = useProcessRowSearch(term, open);
  const isLoading = found.isLoading;
  const matches = found.data ?? [];
  const selected = useProcessRow(value).data ?? null;
  const root = useRef<HTMLDivElement>(null);

  // An inline panel (no portal): closes on a click outside or Escape, like a popover.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const choose = (process: ProcessRow) => {
    onChange(process.id);
    setOpen(false);
    setQuery('');
  };

  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={triggerId}>{label}</Label>
      <div
        ref={root}
        className="relative min-w-0"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      >
        <Button
          id={triggerId}
          type="button"
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          className="w-full min-w-0 justify-between font-normal"
          onClick={() => setOpen((v) => !v)}
        >
          <span className={cn('truncate', !selected && 'text-muted-foreground')}>
            {selected ? processLabel(selected) : t.processPickerPlaceholder}
          </span>
          <ChevronsUpDown className="opacity-50" aria-hidden="true" />
        </Button>
        {open && (
          <div className="absolute top-full left-0 z-50 mt-1 w-[min(28rem,calc(100vw-2rem))] rounded-md border bg-popover p-2 text-popover-foreground shadow-md">
            <Input
              autoFocus
              aria-label={t.processPickerSearch}
              placeholder={t.processPickerSearch}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && matches[0]) {
                  e.preventDefault();
                  choose(matches[0]);
                }
              }}
            />
            <ul id={listId} role="listbox" aria-label={label} className="mt-2 max-h-64 overflow-y-auto">
              {!isLoading && matches.length === 0 && (
                <li className="px-2 py-3 text-center text-sm text-muted-foreground">{t.processPickerEmpty}</li>
              )}
              {matches.map((process) => (
                <li key={process.id} role="option" aria-selected={process.id === value}>
                  <button
                    type="button"
                    className="flex w-full items-start gap-2 rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
                    onClick={() => choose(process)}
                  >
                    <Check
                      className={cn('mt-0.5 size-4 shrink-0', process.id === value ? 'opacity-100' : 'opacity-0')}
                      aria-hidden="true"
                    />
                    <span className="min-w-0">
                      <span className="block truncate">{processLabel(process)}</span>
                      {process.receipt_number && (
                        <span className="block font-mono text-xs text-muted-foreground">{process.receipt_number}</span>
                      )}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}
