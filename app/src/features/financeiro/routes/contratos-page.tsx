/** /financeiro/contratos: contracts (paged and searched on the server), their installments, payments and receipts. */
import { FileDown, FileSignature } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ListPager } from '@/components/list-pager';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate, todayISO } from '@/lib/format';
import { DEFAULT_PAGE_SIZE } from '@/lib/paging';
import { StaffSigningActions } from '../signing';
import { FinancePageHeader } from '../components/finance-page-header';
import { PixChargesCard } from '../components/pix-charges-card';
import { RecordPaymentDialog } from '../components/record-payment-dialog';
import { useHasManagerRole } from '../lib/money-roles';
import {
  downloadFinanceDocument,
  useContractPayments,
  useContractsPage,
  useInstallments,
  type Contract,
  type Installment,
} from '../api/money';
import { formatMoney, installmentDisplayStatus, paymentMethodLabel } from '../lib/money';
import { MoneyStatusBadge } from '../components/money-status-badge';

function download(kind: 'contract' | 'receipt', id: string, name: string) {
  downloadFinanceDocument(kind, id, name).catch((e: Error) => toast.error(`Erro ao gerar PDF: ${e.message}`));
}

function ContractDetail({ contract }: { contract: Contract }) {
  const installments = useInstallments(contract.id);
  const payments = useContractPayments(contract.id);
  const canWrite = useHasManagerRole();
  const [paying, setPaying] = useState<Installment | null>(null);
  const today = todayISO();
  return (
    <Card className="mt-4">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>
          {contract.contract_number} · {contract.title}
        </CardTitle>
        <Button
          variant="outline"
          size="sm"
          onClick={() => download('contract', contract.id, `contrato-${contract.contract_number}.pdf`)}
        >
          <FileDown aria-hidden="true" />
          Contrato em PDF
        </Button>
      </CardHeader>
      <CardContent className="grid gap-6 overflow-x-auto">
        <p className="text-sm text-muted-foreground">{contract.payment_terms ?? ''}</p>
        <StaffSigningActions contractId={contract.id} canWrite={canWrite} />
        <Table aria-label="Parcelas">
          <TableHeader>
            <TableRow>
              <TableHead>Parcela</TableHead>
              <TableHead>Vencimento</TableHead>
              <TableHead className="text-right">Valor</TableHead>
              <TableHead className="text-right">Pago</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>
                <span className="sr-only">Ações</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {(installments.data ?? []).map((i) => (
              <TableRow key={i.id}>
                <TableCell>{i.number === 0 ? 'Entrada' : i.number}</TableCell>
                <TableCell>{formatDate(i.due_date)}</TableCell>
                <TableCell className="text-right">{formatMoney(i.amount, i.currency)}</TableCell>
                <TableCell className="text-right">{formatMoney(i.paid_amount, i.currency)}</TableCell>
                <TableCell>
                  <MoneyStatusBadge status={installmentDisplayStatus(i, today)} kind="installment" />
                </TableCell>
                <TableCell>
                  {canWrite && (i.status === 'pending' || i.status === 'partial') && (
                    <Button size="sm" variant="outline" onClick={() => setPaying(i)}>
                      Registrar pagamento
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <div>
          <h3 className="mb-2 font-semibold">Pagamentos</h3>
          {(payments.data ?? []).length === 0 ? (
            <p className="text-sm text-muted-foreground">Nenhum pagamento registrado</p>
          ) : (
            <Table aria-label="Pagamentos">
              <TableHeader>
                <TableRow>
                  <TableHead>Data</TableHead>
                  <TableHead className="text-right">Valor</TableHead>
                  <TableHead>Forma</TableHead>
                  <TableHead>Recibo</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {(payments.data ?? []).map((p) => (
                  <TableRow key={p.id}>
                    <TableCell>{formatDate(p.payment_date)}</TableCell>
                    <TableCell className="text-right">{formatMoney(p.amount, p.currency)}</TableCell>
                    <TableCell>{paymentMethodLabel(p.payment_method)}</TableCell>
                    <TableCell>
                      {p.status === 'paid' ? (
                        <Button
                          variant="link"
                          size="sm"
                          className="h-auto p-0"
                          onClick={() =>
                            download('receipt', p.id, `recibo-${p.receipt_number ?? p.id.slice(0, 8)}.pdf`)
                          }
                        >
                          {p.receipt_number ?? 'Recibo'}
                        </Button>
                      ) : (
                        '-'
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </div>
      </CardContent>
      <RecordPaymentDialog key={paying?.id ?? 'none'} installment={paying} onClose={() => setPaying(null)} />
    </Card>
  );
}

export default function ContratosPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const term = useDebouncedValue(search.trim());
  const contracts = useContractsPage({ search: term, page, pageSize });
  const rows = contracts.data?.rows ?? [];
  const [selected, setSelected] = useState<string | null>(null);
  const contract = rows.find((c) => c.id === selected) ?? null;
  const canWrite = useHasManagerRole();
  return (
    <>
      <FinancePageHeader
        title="Contratos"
        description="Contratos gerados a partir de orçamentos aceitos: parcelas, pagamentos e recibos."
      />
      {canWrite && <PixChargesCard />}
      <SearchInput
        containerClassName="mb-4 max-w-md"
        type="search"
        placeholder="Buscar por número ou título"
        aria-label="Buscar contratos por número ou título"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
      />
      <Card>
        <CardContent className="overflow-x-auto">
          {contracts.isLoading ? (
            <Skeleton className="h-40 w-full" />
          ) : rows.length === 0 ? (
            <p className="flex items-center gap-2 py-8 text-sm text-muted-foreground">
              <FileSignature aria-hidden="true" /> {term ? 'Nenhum contrato encontrado' : 'Nenhum contrato cadastrado'}
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
                  <TableHead>Vigência</TableHead>
                  <TableHead>
                    <span className="sr-only">Ações</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((c) => (
                  <TableRow key={c.id} data-state={c.id === selected ? 'selected' : undefined}>
                    <TableCell className="font-medium">{c.contract_number}</TableCell>
                    <TableCell>{c.client?.full_name ?? '-'}</TableCell>
                    <TableCell>{c.title}</TableCell>
                    <TableCell>
                      <MoneyStatusBadge status={c.status} kind="contract" />
                    </TableCell>
                    <TableCell className="text-right">{formatMoney(c.total_amount, c.currency)}</TableCell>
                    <TableCell>
                      {formatDate(c.start_date)} a {formatDate(c.end_date)}
                    </TableCell>
                    <TableCell>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setSelected(c.id)}
                        aria-label={`Ver parcelas do contrato ${c.contract_number}`}
                      >
                        Parcelas
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <ListPager
            noun="contratos"
            total={contracts.data?.total}
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
      {contract && <ContractDetail contract={contract} />}
    </>
  );
}
