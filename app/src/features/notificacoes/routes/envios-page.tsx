/**
 * /notificacoes-envios (administrator): the outbox, paged on the server with its exact count and a status filter;
 * dead deliveries can be re-sent.
 */
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ListPager } from '@/components/list-pager';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { DEFAULT_PAGE_SIZE } from '@/lib/paging';
import { type DeliveryStatus, useDeliveries, useResendDelivery } from '../api/deliveries';
import { fill, notificacoesStrings as t } from '../strings';

const STATUSES: DeliveryStatus[] = ['queued', 'sending', 'sent', 'failed', 'dead'];
const VARIANT: Record<DeliveryStatus, 'success' | 'destructive' | 'secondary' | 'outline'> = {
  queued: 'outline',
  sending: 'outline',
  sent: 'success',
  failed: 'secondary',
  dead: 'destructive',
};

export default function EnviosPage() {
  const [status, setStatus] = useState<DeliveryStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const { data, isPending, error } = useDeliveries(status, page, pageSize);
  const deliveries = data?.rows ?? [];
  const resend = useResendDelivery();

  const onResend = async (id: string) => {
    try {
      await resend.mutateAsync(id);
      toast.success(t.resent);
    } catch (err) {
      toast.error(fill(t.resendError, { message: errorMessage(err) }));
    }
  };

  return (
    <div>
      <PageHeader title={t.deliveriesTitle} description={t.deliveriesDescription} />
      <div className="mb-4 flex max-w-xs flex-col gap-2">
        <Label htmlFor="delivery-status">{t.statusFilter}</Label>
        <NativeSelect
          id="delivery-status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as DeliveryStatus | 'all');
            setPage(1);
          }}
        >
          <option value="all">{t.allStatuses}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t.status[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {error ? (
        <p role="alert" className="text-destructive">
          {fill(t.loadError, { message: errorMessage(error) })}
        </p>
      ) : isPending ? (
        <Spinner />
      ) : deliveries.length === 0 ? (
        <p className="text-muted-foreground">{t.emptyDeliveries}</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Criado em</TableHead>
              <TableHead>Canal</TableHead>
              <TableHead>Destinatário</TableHead>
              <TableHead>Assunto</TableHead>
              <TableHead>Situação</TableHead>
              <TableHead>Tentativas</TableHead>
              <TableHead>Último erro</TableHead>
              <TableHead>
                <span className="sr-only">Ações</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {deliveries.map((d) => (
              <TableRow key={d.id}>
                <TableCell>{formatDateTime(d.created_at)}</TableCell>
                <TableCell>{t.channel[d.channel]}</TableCell>
                <TableCell>
                  {d.payload.recipient_name ? `${d.payload.recipient_name} — ` : ''}
                  {d.recipient}
                </TableCell>
                <TableCell>{d.payload.title ?? d.template}</TableCell>
                <TableCell>
                  <Badge variant={VARIANT[d.status]}>{t.status[d.status]}</Badge>
                  {d.provider_status && <span className="ml-2 text-xs text-muted-foreground">{d.provider_status}</span>}
                </TableCell>
                <TableCell>{d.attempts}</TableCell>
                <TableCell className="max-w-xs truncate" title={d.last_error ?? undefined}>
                  {d.last_error ?? '-'}
                </TableCell>
                <TableCell>
                  {(d.status === 'dead' || d.status === 'failed') && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => onResend(d.id)}
                      disabled={resend.isPending}
                      aria-label={`${t.resend} envio para ${d.recipient}`}
                    >
                      <RotateCcw aria-hidden="true" />
                      {t.resend}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {!error && !isPending && (
        <ListPager
          noun="envios"
          total={data?.total}
          page={page}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      )}
    </div>
  );
}
