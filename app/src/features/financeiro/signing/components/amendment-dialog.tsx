/** Criar aditivo: a new contract of the same client that amends one in force (create_contract_amendment). */
import { useState } from 'react';
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
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/errors';
import { parseDecimal, todayISO } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useCreateAmendment, type SigningContract } from '../api';

export function AmendmentDialog({ contract, onClose }: { contract: SigningContract; onClose: () => void }) {
  const create = useCreateAmendment();
  const [title, setTitle] = useState(`Aditivo ao contrato ${contract.contract_number}`);
  const [scope, setScope] = useState('');
  const [total, setTotal] = useState('0');
  const [down, setDown] = useState('0');
  const [count, setCount] = useState('0');
  const [first, setFirst] = useState(todayISO());
  const [interval, setStep] = useState('1 month');
  const submit = async () => {
    const totalAmount = parseDecimal(total);
    const downPayment = parseDecimal(down);
    if (Number.isNaN(totalAmount) || Number.isNaN(downPayment)) {
      toast.error('Informe valores numéricos');
      return;
    }
    try {
      const amendment = await create.mutateAsync({
        contract_id: contract.id,
        title,
        scope,
        total_amount: totalAmount,
        down_payment: downPayment,
        installments: Number(count),
        first_due_date: Number(count) > 0 ? first : null,
        interval,
      });
      toast.success(`Aditivo ${amendment.contract_number} criado: envie-o para assinatura`);
      onClose();
    } catch (error) {
      toast.error(`Erro ao criar aditivo: ${errorMessage(error)}`);
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Criar aditivo</DialogTitle>
          <DialogDescription>
            Um novo documento que se refere ao contrato {contract.contract_number}, assinado da mesma forma. Os termos
            do contrato original não mudam.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <div className="grid gap-1">
            <Label htmlFor="amendment-title">Título</Label>
            <Input id="amendment-title" value={title} onChange={(e) => setTitle(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="amendment-scope">O que o aditivo acrescenta ou muda</Label>
            <Textarea id="amendment-scope" rows={3} value={scope} onChange={(e) => setScope(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="amendment-total">Honorários do aditivo ({contract.currency})</Label>
            <Input id="amendment-total" inputMode="decimal" value={total} onChange={(e) => setTotal(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="amendment-down">Entrada ({contract.currency})</Label>
            <Input id="amendment-down" inputMode="decimal" value={down} onChange={(e) => setDown(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="amendment-count">Número de parcelas</Label>
            <Input
              id="amendment-count"
              type="number"
              min={0}
              max={120}
              value={count}
              onChange={(e) => setCount(e.target.value)}
            />
          </div>
          {Number(count) > 0 && (
            <>
              <div className="grid gap-1">
                <Label htmlFor="amendment-first">Primeiro vencimento</Label>
                <Input id="amendment-first" type="date" value={first} onChange={(e) => setFirst(e.target.value)} />
              </div>
              <div className="grid gap-1">
                <Label htmlFor="amendment-interval">Intervalo</Label>
                <NativeSelect id="amendment-interval" value={interval} onChange={(e) => setStep(e.target.value)}>
                  <option value="1 month">Mensal</option>
                  <option value="15 days">Quinzenal</option>
                  <option value="7 days">Semanal</option>
                </NativeSelect>
              </div>
            </>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} disabled={create.isPending}>
            Criar aditivo
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
