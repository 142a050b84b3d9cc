/** /historico (administrator): the audit trail per client, process and user, filtered and paged on the server. */
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ClientPicker } from '@/components/client-picker';
import { ListPager } from '@/components/list-pager';
import { PageHeader } from '@/components/page-header';
import { PersonSelect } from '@/components/person-select';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { DEFAULT_PAGE_SIZE } from '@/lib/paging';
import { useStaffOptions } from '@/lib/people';
import { saveBlob } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { type AuditAction, type AuditFilters, EMPTY_FILTERS, fetchAuditForCsv, useAuditLog } from '../api/audit-log';
import { auditCsv, describeChanges } from '../lib/csv';
import { fill, historicoStrings as t } from '../strings';

const ACTIONS: AuditAction[] = ['INSERT', 'UPDATE', 'DELETE'];
const VARIANT: Record<AuditAction, 'success' | 'secondary' | 'destructive'> = {
  INSERT: 'success',
  UPDATE: 'secondary',
  DELETE: 'destructive',
};

function initialFilters(params: URLSearchParams): AuditFilters {
  return {
    ...EMPTY_FILTERS,
    clientId: params.get('cliente') ?? '',
    processId: params.get('processo') ?? '',
    actorId: params.get('usuario') ?? '',
  };
}

export default function HistoricoPage() {
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<AuditFilters>(() => initialFilters(params));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [exporting, setExporting] = useState(false);
  const { data, isPending, error } = useAuditLog(filters, page, pageSize);
  const staff = useStaffOptions();

  const change = (patch: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };

  const onExport = async () => {
    setExporting(true);
    try {
      const rows = await fetchAuditForCsv(filters);
      saveBlob(new Blob([auditCsv(rows)], { type: 'text/csv;charset=utf-8' }), 'historico-de-alteracoes.csv');
      toast.success(t.exported);
    } catch (err) {
      toast.error(fill(t.exportError, { message: errorMessage(err) }));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div>
      <PageHeader title={t.title} description={t.description} />
      <section aria-label={t.filters} className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid gap-1.5">
          <Label htmlFor="historico-cliente">{t.client}</Label>
          <ClientPicker
            id="historico-cliente"
            value={filters.clientId}
            onValueChange={(clientId) => change({ clientId })}
            emptyLabel={t.allClients}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="historico-processo">{t.process}</Label>
          <Input
            id="historico-processo"
            inputMode="numeric"
            value={filters.processId}
            onChange={(event) => change({ processId: event.target.value.replace(/\D/g, '') })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="historico-usuario">{t.user}</Label>
          <PersonSelect
            id="historico-usuario"
            people={staff.data}
            emptyLabel={t.allUsers}
            value={filters.actorId}
            onValueChange={(actorId) => change({ actorId })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="historico-registro">{t.table}</Label>
          <NativeSelect
            id="historico-registro"
            value={filters.table}
            onChange={(event) => change({ table: event.target.value })}
          >
            <option value="">{t.allTables}</option>
            {Object.entries(t.tables).map(([table, label]) => (
              <option key={table} value={table}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="historico-acao">{t.action}</Label>
          <NativeSelect
            id="historico-acao"
            value={filters.action}
            onChange={(event) => change({ action: event.target.value as AuditAction | '' })}
          >
            <option value="">{t.allActions}</option>
            {ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t.actions[action]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="historico-de">{t.from}</Label>
          <Input
            id="historico-de"
            type="date"
            value={filters.from}
            onChange={(e) => change({ from: e.target.value })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="historico-ate">{t.to}</Label>
          <Input id="historico-ate" type="date" value={filters.to} onChange={(e) => change({ to: e.target.value })} />
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <Button variant="outline" onClick={() => change(EMPTY_FILTERS)}>
            {t.clear}
          </Button>
          <Button onClick={onExport} disabled={exporting || !data || data.total === 0}>
            <Download aria-hidden="true" />
            {exporting ? t.exporting : t.exportCsv}
          </Button>
        </div>
      </section>
      {error ? (
        <p role="alert" className="text-destructive">
          {fill(t.loadError, { message: errorMessage(error) })}
        </p>
      ) : isPending ? (
        <Spinner />
      ) : data.rows.length === 0 ? (
        <p className="text-muted-foreground">{t.empty}</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{t.when}</TableHead>
                  <TableHead>{t.who}</TableHead>
                  <TableHead>{t.action}</TableHead>
                  <TableHead>{t.what}</TableHead>
                  <TableHead>{t.client}</TableHead>
                  <TableHead>{t.changes}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.rows.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell className="whitespace-nowrap">{formatDateTime(entry.changed_at)}</TableCell>
                    <TableCell>{entry.actor_name ?? t.system}</TableCell>
                    <TableCell>
                      <Badge variant={VARIANT[entry.action]}>{t.actions[entry.action]}</Badge>
                    </TableCell>
                    <TableCell>
                      {t.tables[entry.table_name] ?? entry.table_name}{' '}
                      <span className="text-xs text-muted-foreground">#{entry.row_id}</span>
                      {entry.process_id !== null && (
                        <span className="block text-xs text-muted-foreground">Processo {entry.process_id}</span>
                      )}
                    </TableCell>
                    <TableCell>{entry.client_name ?? '-'}</TableCell>
                    <TableCell className="max-w-md break-words text-sm">{describeChanges(entry)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <ListPager
            total={data.total}
            page={page}
            pageSize={pageSize}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
            noun={t.noun}
          />
        </>
      )}
    </div>
  );
}
