/** /financeiro/comissoes: monthly commission statements per commercial staff member; "Marcar como paga". */
import { BadgePercent } from 'lucide-react';
import { format } from 'date-fns';
import { ptBR } from 'date-fns/locale';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { parseDate } from '@/lib/format';
import { FinancePageHeader } from '../components/finance-page-header';
import { useMarkCommissionsPaid, useStatements } from '../api/money';
import { formatMoney } from '../lib/money';
import { useIsAdministrator } from '../lib/money-roles';
import { MoneyStatusBadge } from '../components/money-status-badge';

export function monthLabel(isoDate: string): string {
  const d = parseDate(isoDate);
  return d ? format(d, 'MMMM/yyyy', { locale: ptBR }) : isoDate;
}

export default function ComissoesPage() {
  const statements = useStatements();
  const markPaid = useMarkCommissionsPaid();
  const isAdmin = useIsAdministrator();
  return (
    <>
      <FinancePageHeader
        title="Comissões"
        description="Extrato mensal das comissões da equipe comercial, calculadas sobre os pagamentos recebidos."
      />
      <Card>
        <CardContent className="overflow-x-auto">
          {statements.isLoading ? (
            <Skeleton className="h-40 w-full" />
          ) : (statements.data ?? []).length === 0 ? (
            <p className="flex items-center gap-2 py-8 text-sm text-muted-foreground">
              <BadgePercent aria-hidden="true" /> Nenhuma comissão registrada
            </p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Mês</TableHead>
                  <TableHead>Colaborador</TableHead>
                  <TableHead className="text-right">Pagamentos</TableHead>
                  <TableHead className="text-right">Base</TableHead>
                  <TableHead className="text-right">Comissão</TableHead>
                  <TableHead className="text-right">A pagar</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>
                    <span className="sr-only">Ações</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {(statements.data ?? []).map((s) => {
                  const pending = Number(s.pending_total) > 0;
                  return (
                    <TableRow key={`${s.staff_id}-${s.period_month}-${s.currency}`}>
                      <TableCell className="capitalize">{monthLabel(s.period_month)}</TableCell>
                      <TableCell>{s.staff_name ?? '-'}</TableCell>
                      <TableCell className="text-right">{s.commission_count}</TableCell>
                      <TableCell className="text-right">{formatMoney(s.base_total, s.currency)}</TableCell>
                      <TableCell className="text-right">{formatMoney(s.amount_total, s.currency)}</TableCell>
                      <TableCell className="text-right">{formatMoney(s.pending_total, s.currency)}</TableCell>
                      <TableCell>
                        <MoneyStatusBadge status={pending ? 'pending' : 'paid'} />
                      </TableCell>
                      <TableCell>
                        {isAdmin && pending && (
                          <Button
                            size="sm"
                            variant="outline"
                            disabled={markPaid.isPending}
                            onClick={() =>
                              markPaid
                                .mutateAsync({ staff_id: s.staff_id, period_month: s.period_month })
                                .then(() => toast.success('Comissões marcadas como pagas'))
                                .catch((e: Error) => toast.error(`Erro ao marcar comissões: ${e.message}`))
                            }
                          >
                            Marcar como paga
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </>
  );
}
