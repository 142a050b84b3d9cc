/** /financeiro/relatorios: revenue and expenses by month, receivables aging, revenue by case type, commissions; CSV. */
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatBRL, formatDate, todayISO } from '@/lib/format';
import { FinancePageHeader } from '../components/finance-page-header';
import { useAging, useReports, useStatements } from '../money/api';
import { saveBlob } from '@/lib/storage';
import { formatMoney, toCsv } from '../money/format';
import { agingTotals, commissionsByMonth, revenueAndExpensesByMonth, revenueByCaseType } from '../money/reports';

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

const brlTick = (v: number) => formatBRL(v).replace(',00', '');

export default function RelatoriosFinanceirosPage() {
  const reports = useReports();
  const aging = useAging();
  const statements = useStatements();
  const months = reports.data ? revenueAndExpensesByMonth(reports.data) : [];
  const buckets = agingTotals(aging.data ?? []);
  const caseTypes = reports.data ? revenueByCaseType(reports.data) : [];
  const commissions = commissionsByMonth(statements.data ?? []);

  const exportCsv = () => {
    const lines: Array<Array<string | number>> = [
      ...months.map((m) => ['Receitas e despesas', m.month, 'BRL', m.receita.toFixed(2), m.despesas.toFixed(2)]),
      ...buckets.flatMap((b) => [
        ['Inadimplência', b.label, 'USD', b.USD.toFixed(2), ''],
        ['Inadimplência', b.label, 'BRL', b.BRL.toFixed(2), ''],
      ]),
      ...caseTypes.map((c) => ['Receita por tipo de caso', c.caseType, 'BRL', c.receita.toFixed(2), '']),
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
        description="Indicadores financeiros do escritório (valores em dólar convertidos pela cotação do dia do pagamento)."
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
            description="Recebido (R$) e despesas (R$) por mês"
            empty={months.length === 0}
          >
            <ResponsiveContainer>
              <BarChart data={months}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="month" />
                <YAxis tickFormatter={brlTick} width={90} />
                <Tooltip formatter={(v) => formatBRL(Number(v))} />
                <Legend />
                <Bar dataKey="receita" name="Receita" fill="#16a34a" />
                <Bar dataKey="despesas" name="Despesas" fill="#dc2626" />
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
                <YAxis width={80} />
                <Tooltip />
                <Legend />
                <Bar dataKey="USD" name="US$" fill="#2563eb" />
                <Bar dataKey="BRL" name="R$" fill="#f59e0b" />
              </BarChart>
            </ResponsiveContainer>
          </ChartCard>
          <ChartCard
            title={REPORT_CARDS[2]}
            description="Recebido (R$) por tipo de processo do contrato"
            empty={caseTypes.length === 0}
          >
            <ResponsiveContainer>
              <BarChart data={caseTypes} layout="vertical">
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis type="number" tickFormatter={brlTick} />
                <YAxis type="category" dataKey="caseType" width={140} />
                <Tooltip formatter={(v) => formatBRL(Number(v))} />
                <Bar dataKey="receita" name="Receita" fill="#7c3aed" />
              </BarChart>
            </ResponsiveContainer>
          </ChartCard>
          <ChartCard title={REPORT_CARDS[3]} description="Comissões por mês" empty={commissions.length === 0}>
            <ResponsiveContainer>
              <BarChart data={commissions}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="month" />
                <YAxis width={80} />
                <Tooltip />
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
              {(aging.data ?? []).map((r) => (
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
        </CardContent>
      </Card>
    </>
  );
}
