/** /financeiro/despesas: the office's expenses (administrators), tabs Todas / Pendentes / Pagas. */
import { CheckCircle2, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import { AccessDenied } from '@/components/access-denied';
import { TableStateRows } from '@/components/table-state-rows';
import { ColorBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SearchInput } from '@/components/ui/search-input';
import { useAuth } from '@/lib/auth-context';
import { errorMessage } from '@/lib/errors';
import { formatDate, formatMoney } from '@/lib/format';
import { financeStatusColor } from '@/lib/status';
import { useCrudScreen } from '@/hooks/use-crud-screen';
import { useExpenseMutations } from '../api/mutations';
import { useExpenseCategories, useExpenses } from '../api/queries';
import type { Expense } from '../api/types';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ExpenseFormDialog } from '../components/expense-form-dialog';
import { FinancePageHeader } from '../components/finance-page-header';
import { RowActions } from '../components/row-actions';
import { expenseStatus, matchesExpenseFilter, matchesSearch, type ExpenseFilter } from '../lib/finance-status';
import type { ExpenseInput } from '../schemas';
import { financeStrings, withMessage } from '../strings';

const t = financeStrings.expenses;

/** Expense failures are plain toasts (spec section 8; only products and fees use the title Erro). */
function fail(text: string) {
  toast.error(text);
}

export default function DespesasPage() {
  const { hasRole } = useAuth();
  const allowed = hasRole('administrator');
  const { data: expenses = [], isLoading } = useExpenses(allowed);
  const { data: categories = [] } = useExpenseCategories(allowed);
  const { markPaid, ...mutations } = useExpenseMutations();
  const crud = useCrudScreen<Expense, ExpenseInput>({
    ...mutations,
    texts: { ...t, created: t.added, createError: t.addError },
    fail,
  });
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<ExpenseFilter>('all');
  const [paying, setPaying] = useState<Expense | null>(null);
  const [payMethod, setPayMethod] = useState('');

  const visible = useMemo(
    () =>
      expenses.filter(
        (e) =>
          matchesExpenseFilter(e, filter) &&
          matchesSearch(search, [e.description, e.category?.name, e.notes, e.payment_method]),
      ),
    [expenses, filter, search],
  );

  if (!allowed) return <AccessDenied description={t.denied} />;

  const onMarkPaid = async () => {
    if (!paying) return;
    try {
      await markPaid.mutateAsync({ id: paying.id, method: payMethod });
      toast.success(t.paid);
      setPaying(null);
      setPayMethod('');
    } catch (error) {
      fail(withMessage(t.payError, errorMessage(error)));
    }
  };

  return (
    <>
      <FinancePageHeader
        title={t.title}
        description="Controle das despesas e contas a pagar do escritório."
        actions={
          <Button onClick={() => crud.openForm(null)}>
            <Plus aria-hidden="true" />
            Adicionar Despesa
          </Button>
        }
      />
      <Card>
        <CardContent className="grid gap-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <SearchInput
              containerClassName="sm:max-w-sm sm:flex-1"
              placeholder={t.search}
              aria-label="Buscar despesas"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <Tabs value={filter} onValueChange={(v) => setFilter(v as ExpenseFilter)}>
              <TabsList>
                <TabsTrigger value="all">Todas</TabsTrigger>
                <TabsTrigger value="pending">Pendentes</TabsTrigger>
                <TabsTrigger value="paid">Pagas</TabsTrigger>
              </TabsList>
            </Tabs>
          </div>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Descrição</TableHead>
                <TableHead>Categoria</TableHead>
                <TableHead>Valor</TableHead>
                <TableHead>Vencimento</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Data de Pagamento</TableHead>
                <TableHead className="text-right">Ações</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              <TableStateRows
                loading={isLoading}
                empty={visible.length === 0}
                colSpan={7}
                loadingText={t.loading}
                emptyText={t.empty}
              />
              {!isLoading &&
                visible.map((expense) => {
                  const status = expenseStatus(expense);
                  return (
                    <TableRow key={expense.id}>
                      <TableCell className="font-medium">{expense.description}</TableCell>
                      <TableCell>{expense.category?.name ?? '-'}</TableCell>
                      <TableCell className="whitespace-nowrap">{formatMoney(expense.amount, 'BRL')}</TableCell>
                      <TableCell>{formatDate(expense.due_date)}</TableCell>
                      <TableCell>
                        <ColorBadge color={financeStatusColor(status)}>{status}</ColorBadge>
                      </TableCell>
                      <TableCell>{formatDate(expense.payment_date)}</TableCell>
                      <RowActions
                        name={expense.description}
                        titles
                        onEdit={() => crud.openForm(expense)}
                        onDelete={() => crud.askDelete(expense)}
                      >
                        {!expense.is_paid && (
                          <Button
                            size="icon"
                            variant="ghost"
                            aria-label={`Marcar como paga ${expense.description}`}
                            title="Marcar como paga"
                            onClick={() => {
                              setPayMethod('');
                              setPaying(expense);
                            }}
                          >
                            <CheckCircle2 className="text-green-600" aria-hidden="true" />
                          </Button>
                        )}
                      </RowActions>
                    </TableRow>
                  );
                })}
            </TableBody>
          </Table>
        </CardContent>
      </Card>

      <ExpenseFormDialog {...crud.formProps} expense={crud.editing} categories={categories} />

      <Dialog open={paying !== null} onOpenChange={(open) => !open && setPaying(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Marcar como paga</DialogTitle>
            <DialogDescription>
              {paying ? `${paying.description} — ${formatMoney(paying.amount, 'BRL')}. Data de pagamento: hoje.` : ''}
            </DialogDescription>
          </DialogHeader>
          <FormField label="Forma de Pagamento">
            <Input placeholder="Cartão, PIX, etc." value={payMethod} onChange={(e) => setPayMethod(e.target.value)} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => setPaying(null)}>
              Cancelar
            </Button>
            <Button onClick={onMarkPaid} disabled={markPaid.isPending}>
              Confirmar Pagamento
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        {...crud.deleteProps}
        confirmLabel="Excluir"
        title="Excluir despesa"
        description={`Tem certeza que deseja excluir ${crud.deleting?.description ?? 'esta despesa'}? Esta ação não pode ser desfeita.`}
      />
    </>
  );
}
