/** The client's installments, its answer to a sent quote and its finance PDFs (quote, contract, receipt). */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { FileDown } from 'lucide-react';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate, todayISO } from '@/lib/format';
import { clientFinanceKeys } from '../api/keys';
import { type DocumentKind, downloadFinanceDocument, type Installment, useRespondToQuote } from '../api/money';
import { formatMoney, installmentDisplayStatus } from '../lib/money';
import { MoneyStatusBadge } from '../components/money-status-badge';
import { errorMessage } from '@/lib/errors';

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

/** Aceitar / Recusar a sent quote; each asks first, saying what the answer means. */
export function QuoteAnswerButtons({
  quoteId,
  clientId,
  summary,
}: {
  quoteId: string;
  clientId: string;
  /** The quote as the client knows it: title and total. */
  summary: string;
}) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<'accept' | 'decline' | null>(null);
  const respond = useRespondToQuote(() =>
    queryClient.invalidateQueries({ queryKey: clientFinanceKeys.client(clientId) }),
  );
  const answer = (accept: boolean) =>
    respond
      .mutateAsync({ quote_id: quoteId, accept })
      .then(() => toast.success(accept ? 'Orçamento aceito' : 'Orçamento recusado'))
      .catch((e: unknown) => toast.error(`Erro ao responder orçamento: ${errorMessage(e)}`));
  return (
    <>
      <Button size="sm" onClick={() => setAsking('accept')} disabled={respond.isPending}>
        Aceitar orçamento
      </Button>
      <Button size="sm" variant="outline" onClick={() => setAsking('decline')} disabled={respond.isPending}>
        Recusar
      </Button>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking === 'decline' ? 'Recusar o orçamento?' : 'Aceitar o orçamento?'}
        description={
          asking === 'decline'
            ? `Você vai recusar o orçamento ${summary}. O escritório será avisado e o orçamento não poderá mais ser aceito por aqui.`
            : `Você vai aceitar o orçamento ${summary}. O escritório será avisado para preparar o contrato.`
        }
        destructive={asking === 'decline'}
        pending={respond.isPending}
        onConfirm={() => answer(asking === 'accept')}
      />
    </>
  );
}

export function InstallmentsTable({
  installments,
  actions,
}: {
  installments: Installment[];
  /** What the client may do with an installment (pay it online), in a last column. */
  actions?: (installment: Installment) => ReactNode;
}) {
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
            {actions && <TableHead>Pagamento</TableHead>}
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
              {actions && <TableCell>{actions(i)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
