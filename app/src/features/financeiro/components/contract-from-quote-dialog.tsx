/** Down payment + N installments from an accepted quote (create_contract_from_quote). */
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
import { todayISO, parseDecimal } from '@/lib/format';
import { useCreateContract, type Quote } from '../api/money';
import { formatMoney } from '../lib/money';
import { financeStrings } from '../strings';
import { errorMessage } from '@/lib/errors';

export function ContractFromQuoteDialog({
  quote,
  onClose,
  onCreated,
}: {
  quote: Quote | null;
  onClose: () => void;
  onCreated: () => void;
}) {
  const create = useCreateContract();
  const [down, setDown] = useState('0');
  const [count, setCount] = useState('3');
  const [first, setFirst] = useState(todayISO());
  const [interval, setStep] = useState('1 month');
  if (!quote) return null;
  const submit = async () => {
    const downPayment = parseDecimal(down);
    if (Number.isNaN(downPayment)) {
      toast.error(financeStrings.invalidNumber);
      return;
    }
    try {
      const contract = await create.mutateAsync({
        quote_id: quote.id,
        down_payment: downPayment,
        installments: Number(count),
        first_due_date: Number(count) > 0 ? first : null,
        interval,
      });
      toast.success(`Contrato ${contract.contract_number} criado`);
      onCreated();
    } catch (error) {
      toast.error(`Erro ao criar contrato: ${errorMessage(error)}`);
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Gerar contrato</DialogTitle>
          <DialogDescription>
            {quote.title}: total {formatMoney(quote.total_amount, quote.currency)}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <div className="grid gap-1">
            <Label htmlFor="contract-down">Entrada ({quote.currency})</Label>
            <Input id="contract-down" inputMode="decimal" value={down} onChange={(e) => setDown(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="contract-count">Número de parcelas</Label>
            <Input
              id="contract-count"
              type="number"
              min={0}
              max={120}
              value={count}
              onChange={(e) => setCount(e.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="contract-first">Primeiro vencimento</Label>
            <Input id="contract-first" type="date" value={first} onChange={(e) => setFirst(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="contract-interval">Intervalo</Label>
            <NativeSelect id="contract-interval" value={interval} onChange={(e) => setStep(e.target.value)}>
              <option value="1 month">Mensal</option>
              <option value="15 days">Quinzenal</option>
              <option value="7 days">Semanal</option>
            </NativeSelect>
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} disabled={create.isPending}>
            Criar contrato
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
