/** Money received against an installment (partial payments allowed). */
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { formatDate, todayISO, parseDecimal } from '@/lib/format';
import { useRecordPayment, type Installment } from '../api/money';
import { formatMoney, paymentMethods } from '../lib/money';
import { financeStrings } from '../strings';
import { errorMessage } from '@/lib/errors';

export function RecordPaymentDialog({
  installment,
  onClose,
}: {
  installment: Installment | null;
  onClose: () => void;
}) {
  const record = useRecordPayment();
  const open = (Number(installment?.amount ?? 0) * 100 - Number(installment?.paid_amount ?? 0) * 100) / 100;
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState('zelle');
  const [date, setDate] = useState(todayISO());
  if (!installment) return null;
  const submit = async () => {
    const paid = amount ? parseDecimal(amount) : open;
    if (Number.isNaN(paid)) {
      toast.error(financeStrings.invalidNumber);
      return;
    }
    try {
      const payment = await record.mutateAsync({
        installment_id: installment.id,
        amount: paid,
        payment_method: method,
        payment_date: date,
        notes: null,
      });
      toast.success(`Pagamento registrado (recibo ${payment.receipt_number ?? ''})`);
      onClose();
    } catch (error) {
      toast.error(`Erro ao registrar pagamento: ${errorMessage(error)}`);
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Registrar pagamento</DialogTitle>
          <DialogDescription>
            {installment.number === 0 ? 'Entrada' : `Parcela ${installment.number}`} · vencimento{' '}
            {formatDate(installment.due_date)} · em aberto {formatMoney(open, installment.currency)}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <div className="grid gap-1">
            <Label htmlFor="payment-amount">Valor recebido ({installment.currency})</Label>
            <Input
              id="payment-amount"
              inputMode="decimal"
              placeholder={String(open)}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="payment-method">Forma de pagamento</Label>
            <NativeSelect id="payment-method" value={method} onChange={(e) => setMethod(e.target.value)}>
              {paymentMethods.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="payment-date">Data do pagamento</Label>
            <Input id="payment-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} disabled={record.isPending}>
            Registrar
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
