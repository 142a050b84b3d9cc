/** /financeiro/produtos: products and services (BRL), search, add, edit, delete. */
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import { AccessDenied } from '@/components/access-denied';
import { TableStateRows } from '@/components/table-state-rows';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { SearchInput } from '@/components/ui/search-input';
import { useAuth } from '@/lib/auth-context';
import { formatMoney } from '@/lib/format';
import { hasAnyRole } from '@/lib/roles';
import { useCrudScreen } from '@/hooks/use-crud-screen';
import { useProductMutations } from '../api/mutations';
import { useProducts } from '../api/queries';
import type { Product } from '../api/types';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FinancePageHeader } from '../components/finance-page-header';
import { ProductFormDialog } from '../components/product-form-dialog';
import { RowActions } from '../components/row-actions';
import { matchesSearch } from '../lib/finance-status';
import type { ProductInput } from '../schemas';
import { financeStrings } from '../strings';

const t = financeStrings.products;
const FINANCE_ROLES = ['administrator', 'legal_assistant'];

function fail(text: string) {
  toast.error(financeStrings.errorTitle, { description: text });
}

export default function ProdutosPage() {
  const { roles } = useAuth();
  const allowed = hasAnyRole(roles, FINANCE_ROLES);
  const { data: products = [], isLoading } = useProducts(allowed);
  const crud = useCrudScreen<Product, ProductInput>({ ...useProductMutations(), texts: t, fail });
  const [search, setSearch] = useState('');

  const visible = useMemo(
    () => products.filter((p) => matchesSearch(search, [p.name, p.category])),
    [products, search],
  );

  if (!allowed) return <AccessDenied description={t.denied} />;

  return (
    <>
      <FinancePageHeader
        title={t.title}
        description="Catálogo de produtos e serviços do escritório."
        actions={
          <Button onClick={() => crud.openForm(null)}>
            <Plus aria-hidden="true" />
            Adicionar
          </Button>
        }
      />
      <Card>
        <CardContent className="grid gap-4">
          <SearchInput
            placeholder={t.search}
            aria-label="Buscar produto ou categoria"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Nome</TableHead>
                <TableHead>Categoria</TableHead>
                <TableHead>Preço</TableHead>
                <TableHead>Descrição</TableHead>
                <TableHead className="text-right">Ações</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              <TableStateRows
                loading={isLoading}
                empty={visible.length === 0}
                colSpan={5}
                loadingText={t.loading}
                emptyText={t.empty}
              />
              {!isLoading &&
                visible.map((product) => (
                  <TableRow key={product.id}>
                    <TableCell className="font-medium">{product.name}</TableCell>
                    <TableCell>{product.category}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatMoney(product.price, 'BRL')}</TableCell>
                    <TableCell
                      className="max-w-xs truncate text-muted-foreground"
                      title={product.description ?? undefined}
                    >
                      {product.description || '-'}
                    </TableCell>
                    <RowActions
                      name={product.name}
                      onEdit={() => crud.openForm(product)}
                      onDelete={() => crud.askDelete(product)}
                    />
                  </TableRow>
                ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <ProductFormDialog {...crud.formProps} product={crud.editing} />
      <ConfirmDialog
        {...crud.deleteProps}
        confirmLabel="Excluir"
        title="Excluir produto"
        description={`Tem certeza que deseja excluir ${crud.deleting?.name ?? 'este produto'}? Esta ação não pode ser desfeita.`}
      />
    </>
  );
}
