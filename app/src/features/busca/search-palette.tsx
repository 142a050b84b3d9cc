/** Global search (top bar and Ctrl+K): clients, processes, receipt numbers and A-numbers via search_workspace(). */
import { useQuery } from '@tanstack/react-query';
import { FileText, Hash, Scale, Search, User } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { readsTables } from '@/lib/data-keys';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { supabase } from '@/lib/supabase';
import { cn } from '@/lib/utils';

/** The search reads clients (names, A-numbers), processes and receipt numbers. */
const searchKey = ['search'] as const;
readsTables(searchKey, ['clients', 'processes', 'uscis_receipts', 'eoir_court_cases']);

export interface SearchResult {
  kind: 'client' | 'process' | 'receipt' | 'a_number';
  id: string;
  title: string;
  subtitle: string | null;
  client_id: string | null;
  process_id: number | null;
}

const KIND_LABEL: Record<SearchResult['kind'], string> = {
  client: 'Cliente',
  process: 'Processo',
  receipt: 'Recibo USCIS',
  a_number: 'Número A',
};
const KIND_ICON = { client: User, process: FileText, receipt: Hash, a_number: Scale } as const;

/** Where a result leads: the client's page, or the page of the process (of the receipt / court case). */
export function resultHref(result: SearchResult): string {
  if (result.kind === 'client') return paths.cliente(result.id);
  return paths.processo(result.process_id ?? result.id);
}

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function SearchPalette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const term = useDebounced(query.trim(), 200);
  const navigate = useNavigate();
  const { data: results = [], isFetching } = useQuery({
    queryKey: [...searchKey, term] as const,
    enabled: open && term.length >= 2,
    queryFn: async () => {
      const { data } = await supabase.rpc('search_workspace', { q: term }).throwOnError();
      return (data ?? []) as SearchResult[];
    },
    meta: { errorMessage: 'Erro na busca: {message}' },
  });

  // A new term starts at the first result; a closed palette forgets its query (adjusted while rendering, not in effects).
  const [shownTerm, setShownTerm] = useState(term);
  if (term !== shownTerm) {
    setShownTerm(term);
    setActive(0);
  }
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) setQuery('');
  }

  const go = (result: SearchResult | undefined) => {
    if (!result) return;
    onOpenChange(false);
    navigate(resultHref(result));
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="top-[15%] translate-y-0 gap-3 p-4 sm:max-w-xl">
        <DialogTitle className="sr-only">Pesquisar</DialogTitle>
        <DialogDescription className="sr-only">Clientes, processos, números de recibo e números A</DialogDescription>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            autoFocus
            role="combobox"
            aria-expanded={results.length > 0}
            aria-controls="search-results"
            aria-label="Pesquisar clientes, processos, recibos e números A"
            placeholder="Cliente, processo, recibo ou número A..."
            className="pl-9"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown') {
                e.preventDefault();
                setActive((i) => Math.min(i + 1, results.length - 1));
              } else if (e.key === 'ArrowUp') {
                e.preventDefault();
                setActive((i) => Math.max(i - 1, 0));
              } else if (e.key === 'Enter') {
                e.preventDefault();
                go(results[active]);
              }
            }}
          />
        </div>
        <ul id="search-results" role="listbox" aria-label="Resultados" className="max-h-80 overflow-y-auto">
          {term.length < 2 && (
            <li className="px-2 py-3 text-sm text-muted-foreground">Digite ao menos 2 caracteres.</li>
          )}
          {term.length >= 2 && !isFetching && results.length === 0 && (
            <li className="px-2 py-3 text-sm text-muted-foreground">Nenhum resultado.</li>
          )}
          {results.map((result, index) => {
            const Icon = KIND_ICON[result.kind];
            return (
              <li key={`${result.kind}-${result.id}`} role="option" aria-selected={index === active}>
                <button
                  type="button"
                  className={cn(
                    'flex w-full items-start gap-3 rounded-md px-2 py-2 text-left hover:bg-accent',
                    index === active && 'bg-accent',
                  )}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => go(result)}
                >
                  <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium">{result.title}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {KIND_LABEL[result.kind]}
                      {result.subtitle ? ` · ${result.subtitle}` : ''}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
