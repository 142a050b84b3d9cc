import { invalidateTables } from '@/lib/data-keys';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { DemoBadge } from '@/components/demo-badge';
import { Card, CardContent } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/errors';
import { formatDate, formatDateTime } from '@/lib/format';
import { AuthRequiredError, checkReceipts, firstReceiptError } from '../api/functions';
import { useAddReceipt } from '../api/mutations';
import { useReceiptHistory, useReceipts } from '../api/queries';
import type { UscisReceipt } from '../api/types';
import { RECEIPT_NUMBER_PATTERN, normalizeIdentifier } from '../schemas';
import { fill, processStrings as t } from '../strings';
import { ReceiptStatusBadge } from './process-badges';
import {
  CheckAllHeader,
  CheckProgressStatus,
  HistoryPanel,
  ProcessLookupForm,
  TrackedRowActions,
} from './tracked-items';
import { TableStateRows } from '@/components/table-state-rows';
import { useCheckOne } from './use-check-all';
import { progressLabel, RECEIPT_CHECK_TABLES, useCheckAllReceipts } from './use-check-receipts';

function ReceiptHistory({ receipt }: { receipt: UscisReceipt }) {
  const { data: history = [], isLoading } = useReceiptHistory(receipt.id);
  return (
    <HistoryPanel
      title={<>Histórico de Status — {receipt.receipt_number}</>}
      label={`Histórico de ${receipt.receipt_number}`}
      testId="receipt-history"
      entries={history}
      isLoading={isLoading}
      renderEntry={(entry) => (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <ReceiptStatusBadge status={entry.status} />
            {entry.is_demo && <DemoBadge />}
            <span className="text-xs text-muted-foreground">{formatDateTime(entry.updated_at)}</span>
          </div>
          {entry.details && <p className="mt-1 text-sm text-muted-foreground">{entry.details}</p>}
        </>
      )}
    />
  );
}

export function ReceiptsTab() {
  const queryClient = useQueryClient();
  const { data: receipts = [], isLoading } = useReceipts();
  const addReceipt = useAddReceipt();
  const checker = useCheckAllReceipts();
  const [receiptNumber, setReceiptNumber] = useState('');
  const [processId, setProcessId] = useState<number | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = receipts.find((r) => r.id === selectedId) ?? null;

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    const number = normalizeIdentifier(receiptNumber);
    const id = processId;
    if (!number || id === null) {
      toast.error(t.receiptRequired);
      return;
    }
    if (!RECEIPT_NUMBER_PATTERN.test(number)) {
      toast.error(t.receiptInvalid);
      return;
    }
    try {
      const result = await addReceipt.mutateAsync({ receiptNumber: number, processId: id });
      if (result === 'tracked') {
        toast.error(t.receiptTracked);
        return;
      }
      toast.success(t.receiptAdded);
      setReceiptNumber('');
      setProcessId(null);
    } catch (error) {
      toast.error(fill(t.receiptAddError, { message: errorMessage(error) }));
    }
  };

  const { checkingId, checkOne } = useCheckOne<UscisReceipt>(async (receipt) => {
    try {
      const answer = await checkReceipts([receipt.receipt_number]);
      const failure = firstReceiptError(answer);
      if (failure) toast.error(fill(t.statusCheckError, { message: failure }));
      else toast.success(t.statusChecked);
    } catch (error) {
      if (error instanceof AuthRequiredError) toast.error(t.authRequired);
      else toast.error(fill(t.statusCheckError, { message: errorMessage(error) }));
    } finally {
      await invalidateTables(queryClient, RECEIPT_CHECK_TABLES);
    }
  });

  return (
    <div className="grid gap-4">
      <Card>
        <CheckAllHeader
          title={t.receiptsTitle}
          description="Acompanhe os números de recibo do USCIS e o andamento de cada caso."
          running={checker.running}
          onCheckAll={() => checker.run(receipts.map((r) => r.receipt_number))}
        />
        <CardContent className="grid gap-4">
          <ProcessLookupForm
            ids={{ identifier: 'receipt-number', processId: 'receipt-process-id' }}
            identifierLabel="Número do Recibo"
            identifierPlaceholder="MSC2090123456"
            identifier={receiptNumber}
            onIdentifierChange={setReceiptNumber}
            processId={processId}
            onProcessIdChange={setProcessId}
            onSubmit={onAdd}
            submitDisabled={!receiptNumber.trim() || processId === null || addReceipt.isPending}
            pending={addReceipt.isPending}
            icon={<Plus aria-hidden="true" />}
            submitLabel="Adicionar"
          />
          <CheckProgressStatus label={progressLabel(checker.progress)} />
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Nº Recibo</TableHead>
                <TableHead>Status Atual</TableHead>
                <TableHead>Última Verificação</TableHead>
                <TableHead>Última Atualização</TableHead>
                <TableHead>Próxima Ação</TableHead>
                <TableHead className="text-right">Ações</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              <TableStateRows
                loading={isLoading}
                empty={receipts.length === 0}
                skeletonRows={3}
                colSpan={6}
                emptyText={t.receiptsEmpty}
              />
              {receipts.map((receipt) => (
                <TableRow key={receipt.id} data-state={receipt.id === selectedId ? 'selected' : undefined}>
                  <TableCell className="font-mono text-xs font-medium">{receipt.receipt_number}</TableCell>
                  <TableCell>
                    <div className="flex flex-wrap items-center gap-1">
                      <ReceiptStatusBadge status={receipt.last_status} />
                      {receipt.last_status_is_demo && <DemoBadge />}
                    </div>
                  </TableCell>
                  <TableCell>{formatDateTime(receipt.last_checked_at)}</TableCell>
                  <TableCell>{formatDateTime(receipt.last_updated_at)}</TableCell>
                  <TableCell>{formatDate(receipt.next_action_date)}</TableCell>
                  <TrackedRowActions
                    name={receipt.receipt_number}
                    expanded={receipt.id === selectedId}
                    onToggleHistory={() => setSelectedId(receipt.id === selectedId ? null : receipt.id)}
                    checking={checkingId === receipt.id}
                    onCheck={() => checkOne(receipt)}
                  />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      {selected && <ReceiptHistory receipt={selected} />}
    </div>
  );
}
