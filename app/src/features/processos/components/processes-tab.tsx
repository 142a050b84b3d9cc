import { FileText, Filter, ListChecks, Lock, LockOpen, MoreHorizontal, Pencil, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { SearchInput } from '@/components/ui/search-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { categoryLabel, processStatusLabel } from '@/lib/glossary';
import { isClosedProcessStatus } from '@/lib/status';
import { useSetProcessStatus } from '../api/mutations';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { PROCESS_CATEGORIES, PROCESS_STATUSES } from '@/lib/glossary';
import { fetchFilteredReceipts, useProcessesPage } from '../api/queries';
import type { ProcessRow } from '../api/types';
import { PROCESS_PAGE_SIZE, pageInfo } from '../lib/pagination';
import { fill, processStrings as t } from '../strings';
import { DocumentsSheet } from './documents-sheet';
import { StageBadge } from './process-badges';
import { ProcessFormDialog } from './process-form-dialog';
import { StageDialog } from './stage-dialog';
import { progressLabel, useCheckAllReceipts } from './use-check-receipts';
import { TableStateRows } from '@/components/table-state-rows';

const ANY = '__all__';

export function ProcessesTab() {
  const [search, setSearch] = useState('');
  const [showFilters, setShowFilters] = useState(false);
  const [category, setCategory] = useState(ANY);
  const [status, setStatus] = useState(ANY);
  const [page, setPage] = useState(1);
  const [editOf, setEditOf] = useState<ProcessRow | null>(null);
  const navigate = useNavigate();
  const setProcessStatus = useSetProcessStatus();
  const toggleClosed = (process: ProcessRow) => {
    const closing = !isClosedProcessStatus(process.status);
    setProcessStatus.mutate(
      { id: process.id, status: closing ? 'concluído' : 'em andamento' },
      {
        onSuccess: () => toast.success(closing ? t.processClosed : t.processReopened),
        onError: (error) => toast.error(fill(t.processStatusError, { message: errorMessage(error) })),
      },
    );
  };
  const [closingOf, setClosingOf] = useState<ProcessRow | null>(null);
  const [documentsOf, setDocumentsOf] = useState<ProcessRow | null>(null);
  const [stageOf, setStageOf] = useState<ProcessRow | null>(null);
  const checker = useCheckAllReceipts();

  // the search, filters and page run in the query; the count is exact
  const term = useDebouncedValue(search.trim());
  const filters = { search: term, category: category === ANY ? '' : category, status: status === ANY ? '' : status };
  const { data, isLoading } = useProcessesPage({ ...filters, page, pageSize: PROCESS_PAGE_SIZE });
  const visible = data?.rows ?? [];
  const info = pageInfo(data?.total ?? 0, page);
  const categories = PROCESS_CATEGORIES;
  const statuses = PROCESS_STATUSES;
  const shownById = (id: number) => visible.find((p) => p.id === id) ?? null;
  // The processes the search and filters match (every page) are the ones whose receipts get checked.
  const checkMatching = async () => {
    try {
      checker.run(await fetchFilteredReceipts(filters));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Card>
      <CardContent className="grid gap-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <SearchInput
            containerClassName="flex-1"
            placeholder={t.searchPlaceholder}
            aria-label="Buscar processos"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" aria-expanded={showFilters} onClick={() => setShowFilters((v) => !v)}>
              <Filter aria-hidden="true" />
              {t.filter}
            </Button>
            <Button variant="outline" disabled={checker.running} onClick={() => void checkMatching()}>
              <RefreshCw className={checker.running ? 'animate-spin' : undefined} aria-hidden="true" />
              {t.checkUscis}
            </Button>
          </div>
        </div>
        {checker.running && (
          <p role="status" className="text-sm text-muted-foreground">
            {progressLabel(checker.progress)}
          </p>
        )}
        {showFilters && (
          <div className="grid gap-3 rounded-md border p-3 sm:grid-cols-3">
            <div className="grid gap-2">
              <Label htmlFor="process-filter-category">Categoria</Label>
              <Select
                value={category}
                onValueChange={(v) => {
                  setCategory(v);
                  setPage(1);
                }}
              >
                <SelectTrigger id="process-filter-category">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ANY}>Todas</SelectItem>
                  {categories.map((c) => (
                    <SelectItem key={c} value={c}>
                      {c}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="process-filter-status">Status</Label>
              <Select
                value={status}
                onValueChange={(v) => {
                  setStatus(v);
                  setPage(1);
                }}
              >
                <SelectTrigger id="process-filter-status">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ANY}>Todos</SelectItem>
                  {statuses.map((s) => (
                    <SelectItem key={s} value={s}>
                      {processStatusLabel(s)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="flex items-end">
              <Button
                variant="ghost"
                onClick={() => {
                  setCategory(ANY);
                  setStatus(ANY);
                  setPage(1);
                }}
              >
                Limpar filtros
              </Button>
            </div>
          </div>
        )}

        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Tipo</TableHead>
              <TableHead>Cliente</TableHead>
              <TableHead>Nº Recibo</TableHead>
              <TableHead>Categoria</TableHead>
              <TableHead>Estágio</TableHead>
              {/* Two-line headers where the dates are narrower than the title, so the actions column stays on screen. */}
              <TableHead className="whitespace-normal">Última Atualização</TableHead>
              <TableHead className="whitespace-normal">Próxima Data</TableHead>
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableStateRows
              loading={isLoading}
              empty={visible.length === 0}
              skeletonRows={5}
              colSpan={8}
              emptyText={t.noProcesses}
            />
            {!isLoading &&
              visible.map((process) => (
                <TableRow key={process.id} data-testid={`process-row-${process.id}`}>
                  <TableCell className="font-medium">
                    <Link to={paths.processo(process.id)} className="hover:underline">
                      {process.type}
                    </Link>
                  </TableCell>
                  <TableCell>{process.client?.full_name ?? process.client_name ?? '-'}</TableCell>
                  <TableCell className="font-mono text-xs">{process.receipt_number ?? '-'}</TableCell>
                  <TableCell>{categoryLabel(process.category)}</TableCell>
                  <TableCell>
                    <StageBadge stage={process.stage} />
                  </TableCell>
                  <TableCell>{formatDate(process.last_update)}</TableCell>
                  <TableCell>{formatDate(process.next_date)}</TableCell>
                  <TableCell className="text-right">
                    <DropdownMenu>
                      <DropdownMenuTrigger asChild>
                        <Button variant="ghost" size="icon" aria-label={`Ações do processo ${process.id}`}>
                          <MoreHorizontal aria-hidden="true" />
                        </Button>
                      </DropdownMenuTrigger>
                      <DropdownMenuContent align="end">
                        <DropdownMenuItem onSelect={() => navigate(paths.processo(process.id))}>
                          <FileText aria-hidden="true" />
                          {t.viewDetails}
                        </DropdownMenuItem>
                        <DropdownMenuItem onSelect={() => setEditOf(shownById(process.id))}>
                          <Pencil aria-hidden="true" />
                          {t.editProcess}
                        </DropdownMenuItem>
                        <DropdownMenuItem onSelect={() => setDocumentsOf(shownById(process.id))}>
                          <ListChecks aria-hidden="true" />
                          {t.documents}
                        </DropdownMenuItem>
                        <DropdownMenuItem onSelect={() => setStageOf(shownById(process.id))}>
                          <RefreshCw aria-hidden="true" />
                          {t.updateStage}
                        </DropdownMenuItem>
                        <DropdownMenuItem
                          onSelect={() =>
                            isClosedProcessStatus(process.status) ? toggleClosed(process) : setClosingOf(process)
                          }
                        >
                          {isClosedProcessStatus(process.status) ? (
                            <LockOpen aria-hidden="true" />
                          ) : (
                            <Lock aria-hidden="true" />
                          )}
                          {isClosedProcessStatus(process.status) ? t.reopenProcess : t.closeProcess}
                        </DropdownMenuItem>
                      </DropdownMenuContent>
                    </DropdownMenu>
                  </TableCell>
                </TableRow>
              ))}
          </TableBody>
        </Table>

        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">{info.label}</p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={!info.hasPrevious} onClick={() => setPage(info.page - 1)}>
              {t.previous}
            </Button>
            <Button variant="outline" size="sm" disabled={!info.hasNext} onClick={() => setPage(info.page + 1)}>
              {t.next}
            </Button>
          </div>
        </div>
      </CardContent>

      <ProcessFormDialog open={editOf !== null} process={editOf} onOpenChange={(open) => !open && setEditOf(null)} />
      <DocumentsSheet process={documentsOf} onOpenChange={(open) => !open && setDocumentsOf(null)} />
      <StageDialog process={stageOf} onOpenChange={(open) => !open && setStageOf(null)} />
      <ConfirmDialog
        open={closingOf !== null}
        onOpenChange={(open) => !open && setClosingOf(null)}
        title={fill(t.closeConfirmTitle, { id: closingOf?.id ?? '' })}
        description={fill(t.closeConfirmDescription, {
          type: closingOf?.type ?? '',
          client: closingOf?.client?.full_name ?? closingOf?.client_name ?? t.closeConfirmNoClient,
        })}
        pending={setProcessStatus.isPending}
        onConfirm={() => closingOf && toggleClosed(closingOf)}
      />
    </Card>
  );
}
