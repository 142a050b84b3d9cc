/** /financeiro/produtos: products and services (BRL), search, add, edit, delete. */
import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { AccessDenied } from '@/components/access-denied';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAuth } from '@/lib/auth-context';
import { errorMessage } from '@/lib/errors';
import { formatBRL } from '@/lib/format';
import { hasAnyRole } from '@/lib/roles';
import { useProductMutations } from '../api/mutations';
import { useProducts } from '../api/queries';
import type { Product } from '../api/types';
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog';
import { FinancePageHeader } from '../components/finance-page-header';
import { ProductFormDialog } from '../components/product-form-dialog';
import { matchesSearch } from '../lib/finance-status';
import type { ProductInput } from '../schemas';
import { financeStrings, withMessage } from '../strings';

const t = financeStrings.products;
const FINANCE_ROLES = ['administrator', 'legal_assistant'];

function fail(text: string) {
  toast.error(financeStrings.errorTitle, { description: text });
}

export default function ProdutosPage() {
  const { roles } = useAuth();
  const allowed = hasAnyRole(roles, FINANCE_ROLES);
  const { data: products = [], isLoading } = useProducts(allowed);
  const { create, update, remove } = useProductMutations();
  const [search, setSearch] = useState('');
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);

  const visible = useMemo(() => products.filter((p) => matchesSearch(search, [p.name, p.category])), [products, search]);

  if (!allowed) return <AccessDenied description={t.denied} />;

  const openForm = (product: Product | null) => {
    setEditing(product);
    setFormOpen(true);
  };

  const onSubmit = async (input: ProductInput): Promise<boolean> => {
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, input });
        toast.success(t.updated);
      } else {
        await create.mutateAsync(input);
        toast.success(t.created);
      }
      setFormOpen(false);
      setEditing(null);
      return true;
    } catch (error) {
      fail(withMessage(editing ? t.updateError : t.createError, errorMessage(error)));
      return false;
    }
  };

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t.deleted);
      setDeleting(null);
    } catch (error) {
      fail(withMessage(t.deleteError, errorMessage(error)));
    }
  };

  return (
    <>
      <FinancePageHeader
        title={t.title}
        description="Catálogo de produtos e serviços do escritório."
        actions={
          <Button onClick={() => openForm(null)}>
            <Plus aria-hidden="true" />
            Adicionar
          </Button>
        }
      />
      <Card>
        <CardContent className="grid gap-4">
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input className="pl-9" placeholder={t.search} aria-label="Buscar produto ou categoria" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
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
              {isLoading ? (
                <TableRow>
                  <TableCell colSpan={5} className="py-8 text-center text-muted-foreground">
                    {t.loading}
                  </TableCell>
                </TableRow>
              ) : visible.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5} className="py-8 text-center text-muted-foreground">
                    {t.empty}
                  </TableCell>
                </TableRow>
              ) : (
                visible.map((product) => (
                  <TableRow key={product.id}>
                    <TableCell className="font-medium">{product.name}</TableCell>
                    <TableCell>{product.category}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatBRL(product.price)}</TableCell>
                    <TableCell className="max-w-xs truncate text-muted-foreground" title={product.description ?? undefined}>
                      {product.description || '-'}
                    </TableCell>
                    <TableCell className="text-right">
                      <div className="flex justify-end gap-1">
                        <Button size="icon" variant="ghost" aria-label={`Editar ${product.name}`} onClick={() => openForm(product)}>
                          <Pencil aria-hidden="true" />
                        </Button>
                        <Button size="icon" variant="ghost" aria-label={`Excluir ${product.name}`} onClick={() => setDeleting(product)}>
                          <Trash2 className="text-destructive" aria-hidden="true" />
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <ProductFormDialog
        open={formOpen}
        onOpenChange={(open) => {
          setFormOpen(open);
          if (!open) setEditing(null);
        }}
        product={editing}
        pending={create.isPending || update.isPending}
        onSubmit={onSubmit}
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Excluir produto"
        description={`Tem certeza que deseja excluir ${deleting?.name ?? 'este produto'}? Esta ação não pode ser desfeita.`}
        pending={remove.isPending}
        onConfirm={onDelete}
      />
    </>
  );
}
