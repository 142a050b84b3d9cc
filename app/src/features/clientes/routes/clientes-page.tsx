/** /clientes: search, list and grid of clients, and the Novo Cliente dialog. */
import { LayoutGrid, List, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SearchInput } from '@/components/ui/search-input';
import { useUnreadCounts } from '../api/detail';
import { useClients } from '../api/queries';
import {
  ClientsEmptyState,
  ClientsGrid,
  ClientsGridSkeleton,
  ClientsTable,
  ClientsTableSkeleton,
} from '../components/client-views';
import { NewClientDialog } from '../components/new-client-dialog';
import { filterClients } from '../filter';
import { clientesStrings as t } from '../strings';

export default function ClientesPage() {
  const [search, setSearch] = useState('');
  const [dialogOpen, setDialogOpen] = useState(false);
  const { data: clients, isPending } = useClients();
  const { data: unread = {} } = useUnreadCounts();

  const visible = useMemo(() => filterClients(clients ?? [], search), [clients, search]);
  const searching = search.trim() !== '';
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
        onChange={(event) => setSearch(event.target.value)}
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

      <NewClientDialog open={dialogOpen} onOpenChange={setDialogOpen} />
    </div>
  );
}
