/**
 * /financeiro/orcamentos: quotes with their totals in USD and BRL, paged and searched on the server; create, edit
 * lines, send, contract.
 */
import { FileText, Plus } from 'lucide-react';
import { useState } from 'react';
import { ListPager } from '@/components/list-pager';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { DEFAULT_PAGE_SIZE } from '@/lib/paging';
import { FinancePageHeader } from '../components/finance-page-header';
import { NewQuoteDialog } from '../components/new-quote-dialog';
import { QuoteEditorDialog } from '../components/quote-editor-dialog';
import { useQuote, useQuotesPage } from '../api/money';
import { formatMoney } from '../lib/money';
import { MoneyStatusBadge } from '../components/money-status-badge';

export default function OrcamentosPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const term = useDebouncedValue(search.trim());
  const quotes = useQuotesPage({ search: term, page, pageSize });
  const rows = quotes.data?.rows ?? [];
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  // the open quote from the page, or read on its own (a new quote, or one on another page)
  const listed = rows.find((q) => q.id === openId);
  const single = useQuote(openId && !listed ? openId : null);
  const open = openId ? (listed ?? single.data ?? null) : null;

  return (
    <>
      <FinancePageHeader
        title="Orçamentos"
        description="Crie e acompanhe os orçamentos enviados aos clientes para os serviços do escritório."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            Criar Orçamento
          </Button>
        }
      />
      <SearchInput
        containerClassName="mb-4 max-w-md"
        type="search"
        placeholder="Buscar por número ou título"
        aria-label="Buscar orçamentos por número ou título"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
      />
      <Card>
        <CardContent className="overflow-x-auto">
          {quotes.isLoading ? (
            <Skeleton className="h-40 w-full" />
          ) : rows.length === 0 ? (
            <p className="flex items-center gap-2 py-8 text-sm text-muted-foreground">
              <FileText aria-hidden="true" /> {term ? 'Nenhum orçamento encontrado' : 'Nenhum orçamento cadastrado'}
            </p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Número</TableHead>
                  <TableHead>Cliente</TableHead>
                  <TableHead>Título</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="text-right">Total</TableHead>
                  <TableHead className="text-right">Em reais</TableHead>
                  <TableHead>Validade</TableHead>
                  <TableHead>
                    <span className="sr-only">Ações</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((q) => (
                  <TableRow key={q.id}>
                    <TableCell className="font-medium">{q.quote_number}</TableCell>
                    <TableCell>{q.client?.full_name ?? '-'}</TableCell>
                    <TableCell>{q.title}</TableCell>
                    <TableCell>
                      <MoneyStatusBadge status={q.status} kind="quote" />
                    </TableCell>
                    <TableCell className="text-right">{formatMoney(q.total_amount, q.currency)}</TableCell>
                    <TableCell className="text-right">{q.total_brl ? formatMoney(q.total_brl, 'BRL') : '-'}</TableCell>
                    <TableCell>{formatDate(q.expiration_date)}</TableCell>
                    <TableCell>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setOpenId(q.id)}
                        aria-label={`Abrir orçamento ${q.quote_number}`}
                      >
                        Abrir
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <ListPager
            noun="orçamentos"
            total={quotes.data?.total}
            page={page}
            pageSize={pageSize}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </CardContent>
      </Card>
      <NewQuoteDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(q) => {
          setCreating(false);
          setOpenId(q.id);
        }}
      />
      <QuoteEditorDialog quote={open} onClose={() => setOpenId(null)} />
    </>
  );
}
