/** /financeiro/orcamentos: quotes with their totals in USD and BRL; create, edit lines, send, contract. */
import { FileText, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { FinancePageHeader } from '../components/finance-page-header';
import { NewQuoteDialog } from '../components/new-quote-dialog';
import { QuoteEditorDialog } from '../components/quote-editor-dialog';
import { useQuotes } from '../api/money';
import { formatMoney } from '../lib/money';
import { MoneyStatusBadge } from '../components/money-status-badge';

export default function OrcamentosPage() {
  const quotes = useQuotes();
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = quotes.data?.find((q) => q.id === openId) ?? null;

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
      <Card>
        <CardContent className="overflow-x-auto">
          {quotes.isLoading ? (
            <Skeleton className="h-40 w-full" />
          ) : (quotes.data ?? []).length === 0 ? (
            <p className="flex items-center gap-2 py-8 text-sm text-muted-foreground">
              <FileText aria-hidden="true" /> Nenhum orçamento cadastrado
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
                {(quotes.data ?? []).map((q) => (
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
