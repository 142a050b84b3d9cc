/** The footer of a server-paged list: "1-25 de 5.002", the page size, and the previous / next page buttons. */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { PAGE_SIZES, pagerState } from '@/lib/paging';

export interface ListPagerProps {
  /** Rows the filters match (the exact count from the server); undefined while it loads. */
  total: number | undefined;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  /** What the list holds, for screen readers: 'clientes', 'tarefas'... */
  noun: string;
}

export function ListPager({ total, page, pageSize, onPageChange, onPageSizeChange, noun }: ListPagerProps) {
  const state = pagerState(total ?? 0, page, pageSize);
  return (
    <nav
      aria-label={`Paginação de ${noun}`}
      className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground"
    >
      <span role="status" data-testid="pager-label">
        {total === undefined ? 'Carregando...' : state.label}
      </span>
      {/* wraps on a phone (375 px): the page size, the buttons and "Página 1 de 9" never push the page sideways */}
      <div className="flex flex-wrap items-center gap-2">
        {onPageSizeChange && (
          <label className="flex items-center gap-2">
            <span>Por página</span>
            <NativeSelect
              className="w-20"
              value={pageSize}
              onChange={(event) => onPageSizeChange(Number(event.target.value))}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </NativeSelect>
          </label>
        )}
        <Button
          variant="outline"
          size="sm"
          disabled={!state.hasPrevious}
          onClick={() => onPageChange(state.page - 1)}
          aria-label="Página anterior"
        >
          <ChevronLeft aria-hidden="true" />
          <span className="hidden sm:inline">Anterior</span>
        </Button>
        <span aria-live="polite">
          Página {state.page} de {state.pageCount.toLocaleString('pt-BR')}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={!state.hasNext}
          onClick={() => onPageChange(state.page + 1)}
          aria-label="Próxima página"
        >
          <span className="hidden sm:inline">Próxima</span>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
