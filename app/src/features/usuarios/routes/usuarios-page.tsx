/**
 * /usuarios: user management for administrators (roles table, paged and searched on the server); others see
 * Acesso Restrito. A role change asks
 * for confirmation and says what the person will see; a client's row offers no staff role.
 */
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { AccessDenied } from '@/components/access-denied';
import { ListPager } from '@/components/list-pager';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useAuth } from '@/lib/auth-context';
import { DEFAULT_PAGE_SIZE } from '@/lib/paging';
import { ROLE_LABELS, type AppRole } from '@/lib/roles';
import { useUsersPage, type ManagedUser } from '../api/queries';
import { useChangeUserRole } from '../api/mutations';
import { InviteUserDialog } from '../components/invite-user-dialog';
import { STAFF_ROLE_OPTIONS, tableRoleFor, tableRoleLabel, type TableRole } from '../roles';
import { usuariosStrings as t } from '../strings';
import { fill } from '@/lib/strings';
import { ConfirmDialog } from '@/components/confirm-dialog';

export default function UsuariosPage() {
  const { hasRole, user } = useAuth();
  const isAdmin = hasRole('administrator');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const term = useDebouncedValue(search.trim());
  const { data, isPending } = useUsersPage({ search: term, page, pageSize }, isAdmin);
  const users = data?.rows;
  const changeRole = useChangeUserRole();
  const [detailsOf, setDetailsOf] = useState<ManagedUser | null>(null);
  const [pendingChange, setPendingChange] = useState<{ user: ManagedUser; role: TableRole } | null>(null);

  if (!isAdmin) return <AccessDenied description={t.denied} />;

  const onRoleChange = (target: ManagedUser, role: TableRole) => {
    if (role === tableRoleFor(target.roles)) return;
    setPendingChange({ user: target, role });
  };

  const confirmChange = () => {
    if (!pendingChange) return;
    const { user: target, role } = pendingChange;
    setPendingChange(null);
    changeRole.mutate(
      { userId: target.id, role },
      {
        onSuccess: () => toast.success(t.updated),
        onError: (error) => {
          console.error(error);
          toast.error(t.updateError);
        },
      },
    );
  };
  const pendingName = pendingChange ? pendingChange.user.full_name?.trim() || t.notSpecified : '';

  return (
    <div>
      <PageHeader title={t.title} description={t.description} actions={<InviteUserDialog />} />
      <SearchInput
        containerClassName="mb-4 max-w-md"
        type="search"
        placeholder="Buscar por nome ou e-mail"
        aria-label="Buscar usuários por nome ou e-mail"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
      />
      <Card className="py-0">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t.columns.name}</TableHead>
              <TableHead>{t.columns.email}</TableHead>
              <TableHead>{t.columns.role}</TableHead>
              <TableHead className="text-right">{t.columns.actions}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {isPending ? (
              Array.from({ length: 4 }, (_, i) => (
                <TableRow key={i} aria-hidden="true">
                  <TableCell>
                    <Skeleton className="h-4 w-32" />
                  </TableCell>
                  <TableCell>
                    <Skeleton className="h-4 w-44" />
                  </TableCell>
                  <TableCell>
                    <Skeleton className="h-8 w-40" />
                  </TableCell>
                  <TableCell>
                    <Skeleton className="ml-auto h-8 w-20" />
                  </TableCell>
                </TableRow>
              ))
            ) : !users || users.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4} className="py-8 text-center text-muted-foreground">
                  {t.empty}
                </TableCell>
              </TableRow>
            ) : (
              users.map((row) => {
                const name = row.full_name?.trim() || t.notSpecified;
                const current = tableRoleFor(row.roles);
                // staff or client, never both: a client's row offers no staff role (the database refuses it)
                const isClient = current === 'client';
                const options: readonly TableRole[] = isClient ? ['client'] : STAFF_ROLE_OPTIONS;
                const isSelf = row.id === user?.id;
                const busy = changeRole.isPending && changeRole.variables?.userId === row.id;
                return (
                  <TableRow key={row.id}>
                    <TableCell className="font-medium">{name}</TableCell>
                    <TableCell>{row.email ?? '-'}</TableCell>
                    <TableCell>
                      <Select
                        value={current}
                        onValueChange={(value) => onRoleChange(row, value as TableRole)}
                        disabled={isSelf || isClient || busy}
                      >
                        <SelectTrigger
                          className="w-44"
                          aria-label={fill(t.roleFor, { name })}
                          title={isSelf ? t.ownRole : isClient ? t.clientRole : undefined}
                        >
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          {options.map((role) => (
                            <SelectItem key={role} value={role}>
                              {tableRoleLabel(role)}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    </TableCell>
                    <TableCell className="text-right">
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`${t.details}: ${name}`}
                        onClick={() => setDetailsOf(row)}
                      >
                        <Eye aria-hidden="true" />
                        {t.details}
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </Card>
      <ListPager
        noun="usuários"
        total={data?.total}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
      <ConfirmDialog
        open={pendingChange !== null}
        onOpenChange={(open) => !open && setPendingChange(null)}
        title={fill(t.confirmTitle, { name: pendingName })}
        description={
          <>
            {pendingChange &&
              fill(t.confirmChange, {
                name: pendingName,
                from: tableRoleLabel(tableRoleFor(pendingChange.user.roles)),
                to: tableRoleLabel(pendingChange.role),
              })}{' '}
            {pendingChange && pendingChange.role !== 'client' && t.roleScope[pendingChange.role]}
          </>
        }
        cancelLabel={t.cancel}
        confirmLabel={t.confirmAction}
        destructive={false}
        onConfirm={confirmChange}
      />
      <Dialog open={detailsOf !== null} onOpenChange={(open) => !open && setDetailsOf(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Detalhes do usuário</DialogTitle>
            <DialogDescription>{detailsOf?.email ?? '-'}</DialogDescription>
          </DialogHeader>
          {detailsOf && (
            <dl className="grid gap-3 text-sm">
              <div>
                <dt className="text-xs text-muted-foreground">Nome</dt>
                <dd>{detailsOf.full_name?.trim() || 'Não especificado'}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Email</dt>
                <dd>{detailsOf.email ?? '-'}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Funções</dt>
                <dd>{detailsOf.roles.map((r) => ROLE_LABELS[r as AppRole] ?? r).join(', ') || 'Nenhuma'}</dd>
              </div>
            </dl>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
