/** /atendimento: service interactions with clients, by status tab, with search and the Nova Interação form. */
import { CheckCircle2, Eye, MessagesSquare, MoreHorizontal, Pencil, Plus, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { PageHeader } from '@/components/page-header';
import { TableStateRows } from '@/components/table-state-rows';
import { ColorBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SearchInput } from '@/components/ui/search-input';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useCreateInteraction, useSetInteractionStatus, useUpdateInteraction } from '../api/mutations';
import { ListPager } from '@/components/list-pager';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { DEFAULT_PAGE_SIZE } from '@/lib/paging';
import { useInteractionsPage } from '../api/queries';
import { InteractionFormDialog } from '../components/interaction-form-dialog';
import { canCancel, canComplete, STATUS_COLORS, type InteractionRow, type InteractionTab } from '../lib/interactions';
import {
  STATUS_LABELS,
  TYPE_LABELS,
  type InteractionInput,
  type InteractionStatus,
  type InteractionType,
} from '../schemas';
import { atendimentoStrings as t } from '../strings';
import { fill } from '@/lib/strings';
import { useCrudScreen } from '@/hooks/use-crud-screen';

function typeLabel(type: string): string {
  return TYPE_LABELS[type as InteractionType] ?? type;
}

function StatusBadge({ status }: { status: string }) {
  return (
    <ColorBadge color={STATUS_COLORS[status as InteractionStatus]}>
      {STATUS_LABELS[status as InteractionStatus] ?? status}
    </ColorBadge>
  );
}

function clientName(row: InteractionRow): string {
  return row.client?.full_name || t.unknownClient;
}

export default function AtendimentoPage() {
  const createInteraction = useCreateInteraction();
  const updateInteraction = useUpdateInteraction();
  const setStatus = useSetInteractionStatus();
  const [tab, setTab] = useState<InteractionTab>('all');
  const [search, setSearch] = useState('');
  const [details, setDetails] = useState<InteractionRow | null>(null);
  const crud = useCrudScreen<InteractionRow, InteractionInput>({
    create: createInteraction,
    update: updateInteraction,
    texts: t,
    fail: (text) => toast.error(text),
  });

  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const term = useDebouncedValue(search.trim());
  const { data, isLoading } = useInteractionsPage({ tab, search: term, page, pageSize });
  const visible = data?.rows ?? [];

  const changeStatus = (row: InteractionRow, status: InteractionStatus) => {
    setStatus.mutate(
      { id: row.id, status },
      {
        onSuccess: () => toast.success(status === 'completed' ? t.completed : t.cancelled),
        onError: (error) => toast.error(fill(t.updateError, { message: errorMessage(error) })),
      },
    );
  };

  return (
    <>
      <PageHeader
        title={t.title}
        description={t.description}
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to={paths.atendimentoMensagens}>
                <MessagesSquare aria-hidden="true" />
                {t.messages}
              </Link>
            </Button>
            <Button onClick={() => crud.openForm(null)}>
              <Plus aria-hidden="true" />
              {t.newInteraction}
            </Button>
          </>
        }
      />
      <Tabs
        value={tab}
        onValueChange={(value) => {
          setTab(value as InteractionTab);
          setPage(1);
        }}
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <TabsList>
            <TabsTrigger value="all">{t.tabs.all}</TabsTrigger>
            <TabsTrigger value="completed">{t.tabs.completed}</TabsTrigger>
            <TabsTrigger value="pending">{t.tabs.pending}</TabsTrigger>
            <TabsTrigger value="scheduled">{t.tabs.scheduled}</TabsTrigger>
          </TabsList>
          <SearchInput
            containerClassName="sm:w-80 lg:w-96"
            placeholder={t.search}
            aria-label="Buscar interações"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        {/* One panel for every tab (the tabs filter one table): the selected tab's aria-controls names it. */}
        <TabsContent value={tab}>
          <Card>
            <CardContent>
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Tipo</TableHead>
                    <TableHead>Cliente</TableHead>
                    <TableHead>Processo</TableHead>
                    <TableHead>Descrição</TableHead>
                    <TableHead>Data</TableHead>
                    <TableHead>Registrado por</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead className="text-right">Ações</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  <TableStateRows
                    loading={isLoading}
                    empty={visible.length === 0}
                    skeletonRows={4}
                    colSpan={8}
                    emptyText={t.empty}
                  />
                  {!isLoading &&
                    visible.map((row) => (
                      <TableRow key={row.id}>
                        <TableCell className="whitespace-nowrap">{typeLabel(row.type)}</TableCell>
                        <TableCell className="font-medium whitespace-nowrap">{clientName(row)}</TableCell>
                        <TableCell>{row.process?.type ?? '-'}</TableCell>
                        {/* Two lines at most, and room to shrink: all eight columns fit a laptop screen. */}
                        <TableCell className="min-w-48 max-w-xs">
                          <span className="line-clamp-2" title={row.content}>
                            {row.content}
                          </span>
                        </TableCell>
                        <TableCell>{formatDateTime(row.contact_date)}</TableCell>
                        <TableCell>{row.created_by_name ?? '-'}</TableCell>
                        <TableCell>
                          <StatusBadge status={row.status} />
                        </TableCell>
                        <TableCell className="text-right">
                          <DropdownMenu>
                            <DropdownMenuTrigger asChild>
                              <Button
                                variant="ghost"
                                size="icon"
                                aria-label={`Ações da interação de ${clientName(row)}`}
                              >
                                <MoreHorizontal aria-hidden="true" />
                              </Button>
                            </DropdownMenuTrigger>
                            <DropdownMenuContent align="end">
                              <DropdownMenuItem onSelect={() => setDetails(row)}>
                                <Eye aria-hidden="true" />
                                {t.actions.details}
                              </DropdownMenuItem>
                              <DropdownMenuItem onSelect={() => crud.openForm(row)}>
                                <Pencil aria-hidden="true" />
                                {t.actions.edit}
                              </DropdownMenuItem>
                              {canComplete(row.status) && (
                                <DropdownMenuItem onSelect={() => changeStatus(row, 'completed')}>
                                  <CheckCircle2 aria-hidden="true" />
                                  {t.actions.complete}
                                </DropdownMenuItem>
                              )}
                              {canCancel(row.status) && (
                                <DropdownMenuItem variant="destructive" onSelect={() => changeStatus(row, 'cancelled')}>
                                  <XCircle aria-hidden="true" />
                                  {t.actions.cancel}
                                </DropdownMenuItem>
                              )}
                            </DropdownMenuContent>
                          </DropdownMenu>
                        </TableCell>
                      </TableRow>
                    ))}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
      <ListPager
        noun="interações"
        total={data?.total}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />

      <InteractionFormDialog {...crud.formProps} interaction={crud.editing} />

      <Dialog open={details !== null} onOpenChange={(open) => !open && setDetails(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Detalhes da Interação</DialogTitle>
            <DialogDescription>
              {details ? `${typeLabel(details.type)} — ${clientName(details)}` : ''}
            </DialogDescription>
          </DialogHeader>
          {details && (
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-xs text-muted-foreground">Cliente</dt>
                <dd>{clientName(details)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Processo</dt>
                <dd>{details.process?.type ?? t.noProcess}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Data</dt>
                <dd>{formatDateTime(details.contact_date)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Duração</dt>
                <dd>{details.duration_minutes ? `${details.duration_minutes} minutos` : '-'}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Registrado por</dt>
                <dd>{details.created_by_name ?? '-'}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Status</dt>
                <dd>
                  <StatusBadge status={details.status} />
                </dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-xs text-muted-foreground">Descrição</dt>
                <dd className="whitespace-pre-wrap">{details.content}</dd>
              </div>
            </dl>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
