/** The client's installments, its answer to a sent quote and its finance PDFs (quote, contract, receipt). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { supabase } from '@/lib/supabase';
import { formatDate, todayISO } from '@/lib/format';
import {
  type DocumentKind,
  downloadFinanceDocument,
  formatMoney,
  type Installment,
  installmentDisplayStatus,
  MoneyStatusBadge,
  useRespondToQuote,
} from '@/features/financeiro';
import { portalKeys } from '../api/keys';
import { errorMessage } from '@/lib/errors';

export function useClientInstallments(clientId: string) {
  return useQuery({
    queryKey: [...portalKeys.finance(clientId), 'installments'],
    enabled: Boolean(clientId),
    queryFn: async () => {
      const { data, error } = await supabase
        .from('financial_installments')
        .select('*')
        .eq('client_id', clientId)
        .order('due_date', { ascending: true });
      if (error) throw error;
      return (data ?? []) as Installment[];
    },
    meta: { silent: true },
  });
}

export function DownloadButton({
  kind,
  id,
  filename,
  label,
}: {
  kind: DocumentKind;
  id: string;
  filename: string;
  label: string;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => downloadFinanceDocument(kind, id, filename).catch(() => toast.error('Erro ao baixar documento'))}
    >
      <FileDown aria-hidden="true" />
      {label}
    </Button>
  );
}

export function QuoteAnswerButtons({ quoteId, clientId }: { quoteId: string; clientId: string }) {
  const queryClient = useQueryClient();
  const respond = useRespondToQuote(() => queryClient.invalidateQueries({ queryKey: portalKeys.finance(clientId) }));
  const answer = (accept: boolean) =>
    respond
      .mutateAsync({ quote_id: quoteId, accept })
      .then(() => toast.success(accept ? 'Orçamento aceito' : 'Orçamento recusado'))
      .catch((e: unknown) => toast.error(`Erro ao responder orçamento: ${errorMessage(e)}`));
  return (
    <>
      <Button size="sm" onClick={() => answer(true)} disabled={respond.isPending}>
        Aceitar orçamento
      </Button>
      <Button size="sm" variant="outline" onClick={() => answer(false)} disabled={respond.isPending}>
        Recusar
      </Button>
    </>
  );
}

export function InstallmentsTable({ installments }: { installments: Installment[] }) {
  const today = todayISO();
  return (
    <div className="overflow-x-auto">
      <Table aria-label="Parcelas">
        <TableHeader>
          <TableRow>
            <TableHead>Parcela</TableHead>
            <TableHead>Vencimento</TableHead>
            <TableHead className="text-right">Valor</TableHead>
            <TableHead className="text-right">Pago</TableHead>
            <TableHead>Situação</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {installments.map((i) => (
            <TableRow key={i.id}>
              <TableCell>{i.number === 0 ? 'Entrada' : i.number}</TableCell>
              <TableCell>{formatDate(i.due_date)}</TableCell>
              <TableCell className="text-right">{formatMoney(i.amount, i.currency)}</TableCell>
              <TableCell className="text-right">{formatMoney(i.paid_amount, i.currency)}</TableCell>
              <TableCell>
                <MoneyStatusBadge status={installmentDisplayStatus(i, today)} kind="installment" />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
