/** /atendimento/mensagens: every client's conversation (portal, WhatsApp, e-mail) in one list paged by the database,
 *  newest activity first, with the filters Não lidas, Minhas, Sem responsável and Resolvidas, the client-name
 *  search, and the chosen conversation beside it (?c=<client id>): its thread, assignment and "Resolvido". */
import { ArrowLeft, ExternalLink, Headset } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ListPager } from '@/components/list-pager';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SearchInput } from '@/components/ui/search-input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { DEFAULT_PAGE_SIZE } from '@/lib/paging';
import { cn } from '@/lib/utils';
import {
  CONVERSATION_FILTERS,
  useConversationCounts,
  useConversationPage,
  useInboxRealtime,
  type ConversationFilter,
} from '../api/inbox';
import { useClientSummary } from '../api/queries';
import { ConversationList } from '../components/conversation-list';
import { MessageThread } from '../components/message-thread';
import { mensagensStrings as t } from '../strings';

export default function ConversasPage() {
  const [params, setParams] = useSearchParams();
  const selected = params.get('c');
  const [filter, setFilter] = useState<ConversationFilter>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const term = useDebouncedValue(search.trim());
  const { data: rows, isLoading } = useConversationPage({ filter, search: term, page, pageSize });
  const { data: counts } = useConversationCounts(term);
  const { data: client } = useClientSummary(selected ?? undefined);
  useInboxRealtime();

  const linkTo = (clientId: string) => `${paths.atendimentoMensagens}?c=${encodeURIComponent(clientId)}`;

  return (
    <>
      <PageHeader
        title={t.inboxTitle}
        description={t.inboxDescription}
        actions={
          <Button variant="outline" asChild>
            <Link to={paths.atendimento}>
              <Headset aria-hidden="true" />
              {t.interactions}
            </Link>
          </Button>
        }
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(320px,400px)_1fr]">
        {/* On a phone the list and the conversation take turns. */}
        <section aria-label={t.inboxListLabel} className={cn('min-w-0', selected && 'hidden lg:block')}>
          <Tabs
            value={filter}
            onValueChange={(value) => {
              setFilter(value as ConversationFilter);
              setPage(1);
            }}
          >
            <TabsList className="flex h-auto w-full flex-wrap justify-start">
              {CONVERSATION_FILTERS.map((value) => (
                <TabsTrigger key={value} value={value} className="flex-none">
                  {t.filters[value]}
                  {counts && <span className="text-muted-foreground"> ({counts[value]})</span>}
                </TabsTrigger>
              ))}
            </TabsList>
            {/* One panel for every filter (the filters narrow one list): the selected tab's aria-controls names it. */}
            <TabsContent value={filter}>
              <SearchInput
                containerClassName="mt-3"
                placeholder={t.inboxSearch}
                aria-label="Buscar conversas por cliente"
                value={search}
                onChange={(e) => {
                  setSearch(e.target.value);
                  setPage(1);
                }}
              />
              <Card className="mt-3 gap-0 py-0">
                <ConversationList rows={rows ?? []} loading={isLoading} selected={selected} linkTo={linkTo} />
              </Card>
            </TabsContent>
          </Tabs>
          <ListPager
            noun="conversas"
            total={counts?.[filter]}
            page={page}
            pageSize={pageSize}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </section>
        <section
          aria-label={client ? client.full_name : t.inboxTitle}
          className={cn('min-w-0', !selected && 'hidden lg:block')}
        >
          {selected ? (
            <div className="grid gap-3">
              <div className="flex flex-wrap items-center gap-2">
                <Button
                  variant="ghost"
                  size="sm"
                  className="lg:hidden"
                  onClick={() => setParams({}, { replace: false })}
                >
                  <ArrowLeft aria-hidden="true" />
                  {t.inboxBack}
                </Button>
                <h2 className="min-w-0 flex-1 truncate text-lg font-semibold">{client?.full_name ?? ''}</h2>
                <Button variant="outline" size="sm" asChild>
                  <Link to={paths.cliente(selected)}>
                    <ExternalLink aria-hidden="true" />
                    {t.inboxOpenClient}
                  </Link>
                </Button>
              </div>
              <MessageThread clientId={selected} viewer="office" otherLabel={client?.full_name} />
            </div>
          ) : (
            <Card className="flex h-[200px] items-center justify-center p-6 text-sm text-muted-foreground">
              {t.inboxChoose}
            </Card>
          )}
        </section>
      </div>
    </>
  );
}
