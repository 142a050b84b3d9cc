/** /financeiro/relatorios: revenue and expenses by month, receivables aging, revenue by case type, commissions; CSV. */
import { Download } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ListPager } from '@/components/list-pager';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate, todayISO } from '@/lib/format';
import { DEFAULT_PAGE_SIZE } from '@/lib/paging';
import { FinancePageHeader } from '../components/finance-page-header';
import { useAgingPage, useAgingTotals, useReports, useStatements } from '../api/money';
import { saveBlob } from '@/lib/storage';
import { formatMoney, toCsv } from '../lib/money';
import { agingTotals, commissionsByMonth, revenueAndExpensesByMonth, revenueByCaseType } from '../lib/reports';

export const REPORT_CARDS = [
  'Receitas e despesas por mês',
  'Inadimplência',
  'Receita por tipo de caso',
  'Comissões',
] as const;

function ChartCard({
  title,
  description,
  empty,
  children,
}: {
  title: string;
  description: string;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {empty ? (
          <div className="flex h-32 items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground">
            Sem dados para exibir
          </div>
        ) : (
          <div className="h-64">{children}</div>
        )}
      </CardContent>
    </Card>
  );
}

/** Axis ticks of charts with both currencies: plain pt-BR numbers (the legend and tooltip carry the currency). */
const numberTick = (v: number) => v.toLocaleString('pt-BR', { maximumFractionDigits: 0 });

/** Tooltip values with the currency of their series (named "… (US$)" or "… (R$)"). */
const moneyTooltip = (value: unknown, name: unknown) =>
  formatMoney(Number(value), String(name).includes('US$') ? 'USD' : 'BRL');

export default function RelatoriosFinanceirosPage() {
  const reports = useReports();
  const aging = useAgingTotals();
  const [agingPage, setAgingPage] = useState(1);
  const [agingPageSize, setAgingPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const openInstallments = useAgingPage(agingPage, agingPageSize);
  const statements = useStatements();
  const months = reports.data ? revenueAndExpensesByMonth(reports.data) : [];
  const buckets = agingTotals(aging.data ?? []);
  const caseTypes = reports.data ? revenueByCaseType(reports.data) : [];
  const commissions = commissionsByMonth(statements.data ?? []);

  const exportCsv = () => {
    const lines: Array<Array<string | number>> = [
      ...months.flatMap((m) => [
        ['Receitas e despesas', m.month, 'USD', m.receitaUSD.toFixed(2), ''],
        ['Receitas e despesas', m.month, 'BRL', m.receitaBRL.toFixed(2), m.despesas.toFixed(2)],
      ]),
      ...buckets.flatMap((b) => [
        ['Inadimplência', b.label, 'USD', b.USD.toFixed(2), ''],
        ['Inadimplência', b.label, 'BRL', b.BRL.toFixed(2), ''],
      ]),
      ...caseTypes.flatMap((c) => [
        ['Receita por tipo de caso', c.caseType, 'USD', c.USD.toFixed(2), ''],
        ['Receita por tipo de caso', c.caseType, 'BRL', c.BRL.toFixed(2), ''],
      ]),
      ...commissions.flatMap((c) => [
        ['Comissões', c.month, 'USD', c.USD.toFixed(2), ''],
        ['Comissões', c.month, 'BRL', c.BRL.toFixed(2), ''],
      ]),
    ];
    saveBlob(
      new Blob([toCsv(['Relatório', 'Período/grupo', 'Moeda', 'Valor', 'Despesas'], lines)], {
        type: 'text/csv;charset=utf-8',
      }),
      `relatorio-financeiro-${todayISO()}.csv`,
    );
  };

  const loading = reports.isLoading || aging.isLoading || statements.isLoading;
  return (
    <>
      <FinancePageHeader
        title="Relatórios Financeiros"
        description="Indicadores financeiros do escritório, cada valor na sua moeda (US$ e R$ nunca somados)."
        actions={
          <Button variant="outline" onClick={exportCsv} disabled={loading}>
            <Download aria-hidden="true" />
            Exportar Dados
          </Button>
        }
      />
      {loading ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <div className="grid gap-4 xl:grid-cols-2">
          <ChartCard
            title={REPORT_CARDS[0]}
            description="Recebido em US$ e em R$, e despesas (R$), por mês"
            empty={months.length === 0}
          >
            <ResponsiveContainer>
              <BarChart data={months}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="month" />
                <YAxis tickFormatter={numberTick} width={80} />
                <Tooltip formatter={moneyTooltip} />
                <Legend />
                <Bar dataKey="receitaUSD" name="Receita (US$)" fill="#2563eb" />
                <Bar dataKey="receitaBRL" name="Receita (R$)" fill="#16a34a" />
                <Bar dataKey="despesas" name="Despesas (R$)" fill="#dc2626" />
              </BarChart>
            </ResponsiveContainer>
          </ChartCard>
          <ChartCard
            title={REPORT_CARDS[1]}
            description="Parcelas em aberto por atraso"
            empty={(aging.data ?? []).length === 0}
          >
            <ResponsiveContainer>
              <BarChart data={buckets}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="label" />
                <YAxis tickFormatter={numberTick} width={80} />
                <Tooltip formatter={moneyTooltip} />
                <Legend />
                <Bar dataKey="USD" name="US$" fill="#2563eb" />
                <Bar dataKey="BRL" name="R$" fill="#f59e0b" />
              </BarChart>
            </ResponsiveContainer>
          </ChartCard>
          <ChartCard
            title={REPORT_CARDS[2]}
            description="Recebido em US$ e em R$ por tipo de processo do contrato"
            empty={caseTypes.length === 0}
          >
            <ResponsiveContainer>
              <BarChart data={caseTypes} layout="vertical">
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis type="number" tickFormatter={numberTick} />
                <YAxis type="category" dataKey="caseType" width={140} />
                <Tooltip formatter={moneyTooltip} />
                <Legend />
                <Bar dataKey="USD" name="US$" fill="#7c3aed" />
                <Bar dataKey="BRL" name="R$" fill="#ca8a04" />
              </BarChart>
            </ResponsiveContainer>
          </ChartCard>
          <ChartCard title={REPORT_CARDS[3]} description="Comissões por mês" empty={commissions.length === 0}>
            <ResponsiveContainer>
              <BarChart data={commissions}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="month" />
                <YAxis tickFormatter={numberTick} width={80} />
                <Tooltip formatter={moneyTooltip} />
                <Legend />
                <Bar dataKey="USD" name="US$" fill="#0891b2" />
                <Bar dataKey="BRL" name="R$" fill="#ca8a04" />
              </BarChart>
            </ResponsiveContainer>
          </ChartCard>
        </div>
      )}
      <Card className="mt-4">
        <CardHeader>
          <CardTitle>Contas a receber por atraso</CardTitle>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <Table aria-label="Contas a receber">
            <TableHeader>
              <TableRow>
                <TableHead>Cliente</TableHead>
                <TableHead>Contrato</TableHead>
                <TableHead>Parcela</TableHead>
                <TableHead>Vencimento</TableHead>
                <TableHead className="text-right">Em aberto</TableHead>
                <TableHead className="text-right">Dias de atraso</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {(openInstallments.data?.rows ?? []).map((r) => (
                <TableRow key={r.installment_id}>
                  <TableCell>{r.client_name ?? '-'}</TableCell>
                  <TableCell>{r.contract_number}</TableCell>
                  <TableCell>{r.number === 0 ? 'Entrada' : r.number}</TableCell>
                  <TableCell>{formatDate(r.due_date)}</TableCell>
                  <TableCell className="text-right">{formatMoney(r.open_amount, r.currency)}</TableCell>
                  <TableCell className="text-right">{r.days_late}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <ListPager
            noun="parcelas em aberto"
            total={openInstallments.data?.total}
            page={agingPage}
            pageSize={agingPageSize}
            onPageChange={setAgingPage}
            onPageSizeChange={(size) => {
              setAgingPageSize(size);
              setAgingPage(1);
            }}
          />
        </CardContent>
      </Card>
    </>
  );
}
