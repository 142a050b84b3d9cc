/** /clientes: search, list and grid of clients (paged by the server), and the Novo Cliente dialog. */
import { LayoutGrid, List, Plus } from 'lucide-react';
import { useState } from 'react';
import { ListPager } from '@/components/list-pager';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SearchInput } from '@/components/ui/search-input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { DEFAULT_PAGE_SIZE } from '@/lib/paging';
import { useUnreadCounts } from '../api/detail';
import { useClientsPage } from '../api/queries';
import {
  ClientsEmptyState,
  ClientsGrid,
  ClientsGridSkeleton,
  ClientsTable,
  ClientsTableSkeleton,
} from '../components/client-views';
import { NewClientDialog } from '../components/new-client-dialog';
import { clientesStrings as t } from '../strings';

export default function ClientesPage() {
  const [search, setSearch] = useState('');
  const [dialogOpen, setDialogOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const term = useDebouncedValue(search.trim());
  const { data, isPending } = useClientsPage({ search: term, page, pageSize });
  const visible = data?.rows ?? [];
  const { data: unread = {} } = useUnreadCounts(visible.map((client) => client.id));
  const searching = term !== '';
  const empty = !isPending && visible.length === 0;
  const openDialog = () => setDialogOpen(true);

  return (
    <div>
      <PageHeader
        title={t.title}
        description={t.description}
        actions={
          <Button onClick={openDialog}>
            <Plus aria-hidden="true" />
            {t.newClient}
          </Button>
        }
      />

      <SearchInput
        containerClassName="mb-4 max-w-md"
        type="search"
        placeholder={t.searchPlaceholder}
        aria-label={t.searchLabel}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
      />

      <Tabs defaultValue="list">
        <TabsList>
          <TabsTrigger value="list">
            <List className="size-4" aria-hidden="true" />
            {t.tabList}
          </TabsTrigger>
          <TabsTrigger value="grid">
            <LayoutGrid className="size-4" aria-hidden="true" />
            {t.tabGrid}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="list">
          {isPending ? (
            <ClientsTableSkeleton />
          ) : empty ? (
            <ClientsEmptyState searching={searching} onCreate={openDialog} />
          ) : (
            <ClientsTable clients={visible} unread={unread} />
          )}
        </TabsContent>
        <TabsContent value="grid">
          {isPending ? (
            <ClientsGridSkeleton />
          ) : empty ? (
            <ClientsEmptyState searching={searching} onCreate={openDialog} />
          ) : (
            <ClientsGrid clients={visible} unread={unread} />
          )}
        </TabsContent>
      </Tabs>
      <ListPager
        noun="clientes"
        total={data?.total}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />

      <NewClientDialog open={dialogOpen} onOpenChange={setDialogOpen} />
    </div>
  );
}
