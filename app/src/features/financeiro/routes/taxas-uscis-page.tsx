/** /financeiro/taxas-uscis: USCIS filing fees in USD (administrator, legal_assistant). */
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import { AccessDenied } from '@/components/access-denied';
import { TableStateRows } from '@/components/table-state-rows';
import { ColorBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { SearchInput } from '@/components/ui/search-input';
import { useAuth } from '@/lib/auth-context';
import { formatDate, formatMoney } from '@/lib/format';
import { hasAnyRole } from '@/lib/roles';
import { financeStatusColor } from '@/lib/status';
import { useCrudScreen } from '@/hooks/use-crud-screen';
import { useFeeMutations } from '../api/mutations';
import { useUscisFees } from '../api/queries';
import type { UscisFee } from '../api/types';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FeeFormDialog } from '../components/fee-form-dialog';
import { FinancePageHeader } from '../components/finance-page-header';
import { RowActions } from '../components/row-actions';
import { matchesSearch } from '../lib/finance-status';
import type { FeeInput } from '../schemas';
import { financeStrings } from '../strings';

const t = financeStrings.fees;
const FINANCE_ROLES = ['administrator', 'legal_assistant'];

function fail(text: string) {
  toast.error(financeStrings.errorTitle, { description: text });
}

export default function TaxasUscisPage() {
  const { roles } = useAuth();
  const allowed = hasAnyRole(roles, FINANCE_ROLES);
  const { data: fees = [], isLoading } = useUscisFees(allowed);
  const crud = useCrudScreen<UscisFee, FeeInput>({
    ...useFeeMutations(),
    texts: { ...t, created: t.added, createError: t.addError },
    fail,
  });
  const [search, setSearch] = useState('');

  const visible = useMemo(
    () => fees.filter((f) => matchesSearch(search, [f.form_code, f.form_name, f.category, f.description])),
    [fees, search],
  );

  if (!allowed) return <AccessDenied description={t.denied} />;

  return (
    <>
      <FinancePageHeader
        title={t.title}
        description="Taxas de protocolo dos formulários do USCIS, em dólares."
        actions={
          <Button onClick={() => crud.openForm(null)}>
            <Plus aria-hidden="true" />
            Adicionar Taxa
          </Button>
        }
      />
      <Card>
        <CardContent className="grid gap-4">
          <SearchInput
            placeholder={t.search}
            aria-label="Buscar taxas"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Código</TableHead>
                <TableHead>Formulário</TableHead>
                <TableHead>Categoria</TableHead>
                <TableHead>Valor</TableHead>
                <TableHead className="whitespace-normal">Válido a partir de</TableHead>
                <TableHead>Válido até</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Ações</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              <TableStateRows
                loading={isLoading}
                empty={visible.length === 0}
                colSpan={8}
                loadingText={t.loading}
                emptyText={t.empty}
              />
              {!isLoading &&
                visible.map((fee) => {
                  const status = fee.is_active ? 'Ativo' : 'Inativo';
                  return (
                    <TableRow key={fee.id}>
                      <TableCell className="font-medium whitespace-nowrap">{fee.form_code}</TableCell>
                      <TableCell className="min-w-[12rem]">
                        {fee.form_name}
                        {fee.description && <p className="text-xs text-muted-foreground">{fee.description}</p>}
                      </TableCell>
                      <TableCell>{fee.category || '-'}</TableCell>
                      <TableCell className="whitespace-nowrap">{formatMoney(fee.fee_amount, 'USD')}</TableCell>
                      <TableCell>{formatDate(fee.valid_from)}</TableCell>
                      <TableCell>{formatDate(fee.valid_until)}</TableCell>
                      <TableCell>
                        <ColorBadge color={financeStatusColor(status)}>{status}</ColorBadge>
                      </TableCell>
                      <RowActions
                        name={fee.form_code}
                        onEdit={() => crud.openForm(fee)}
                        onDelete={() => crud.askDelete(fee)}
                      />
                    </TableRow>
                  );
                })}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <FeeFormDialog {...crud.formProps} fee={crud.editing} />
      <ConfirmDialog
        {...crud.deleteProps}
        confirmLabel="Excluir"
        title="Excluir taxa"
        description={`Tem certeza que deseja excluir a taxa do formulário ${crud.deleting?.form_code ?? ''}? Esta ação não pode ser desfeita.`}
      />
    </>
  );
}
