/**
 * Creates a draft quote: client, title, salesperson, currency, the day's exchange rate, the date of the USCIS fees,
 * and optionally its discount (an amount, or a percentage that follows the lines as they are added).
 * The salesperson is copied to the contract and earns the commissions on its payments.
 */
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ClientPicker } from '@/components/client-picker';
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
import { useAuth } from '@/lib/auth-context';
import { formatDate, todayISO, parseDecimal } from '@/lib/format';
import { useCreateQuote, useLatestRate, useRefreshRate, useSalesStaff, type Quote } from '../api/money';
import type { Currency } from '../lib/money';
import { financeStrings } from '../strings';
import { errorMessage } from '@/lib/errors';
import { readDiscount, type DiscountUnit } from '../lib/discount';
import { DiscountUnitSelect } from './discount-unit-select';

export function NewQuoteDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (q: Quote) => void;
}) {
  const latest = useLatestRate();
  const refresh = useRefreshRate();
  const create = useCreateQuote();
  const sellers = useSalesStaff();
  const { user, hasRole } = useAuth();
  const [clientId, setClientId] = useState('');
  // a commercial user usually sells their own quotes
  const [sellerId, setSellerId] = useState(() => (user && hasRole('commercial') ? user.id : ''));
  const [title, setTitle] = useState('');
  const [currency, setCurrency] = useState<Currency>('USD');
  const [typedRate, setRate] = useState('');
  const [feesDate, setFeesDate] = useState(todayISO());
  const [expiration, setExpiration] = useState('');
  const [notes, setNotes] = useState('');
  const [discount, setDiscount] = useState('');
  const [discountUnit, setDiscountUnit] = useState<DiscountUnit>('percent');

  // An empty field shows the latest known rate (after Atualizar cotação too).
  const rate = typedRate === '' && latest.data ? String(latest.data.rate) : typedRate;

  const submit = async () => {
    const typed = rate.trim() === '' ? null : parseDecimal(rate);
    if (typed !== null && Number.isNaN(typed)) {
      toast.error(financeStrings.invalidNumber);
      return;
    }
    const chosenRate = typed;
    const typedDiscount = readDiscount(discount, discountUnit);
    if (typeof typedDiscount === 'string') {
      toast.error(typedDiscount);
      return;
    }
    try {
      const quote = await create.mutateAsync({
        client_id: clientId,
        title: title.trim(),
        currency,
        exchange_rate: chosenRate,
        // a typed rate is the rate of today; the fetched one keeps its own date
        exchange_rate_date:
          chosenRate !== null
            ? latest.data && String(latest.data.rate) === String(chosenRate)
              ? latest.data.rate_date
              : todayISO()
            : null,
        fees_date: feesDate,
        expiration_date: expiration || null,
        notes: notes.trim() || null,
        sales_staff_id: sellerId || null,
        // nothing typed: no discount column is sent
        ...(discount.trim() !== '' && typedDiscount),
      });
      toast.success('Orçamento criado');
      setTitle('');
      setNotes('');
      setDiscount('');
      onCreated(quote);
    } catch (error) {
      toast.error(`Erro ao criar orçamento: ${errorMessage(error)}`);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Criar Orçamento</DialogTitle>
          <DialogDescription>Os itens são adicionados em seguida.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <div className="grid gap-1">
            <Label htmlFor="quote-client">Cliente</Label>
            <ClientPicker id="quote-client" emptyLabel="Selecione..." value={clientId} onValueChange={setClientId} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="quote-title">Título</Label>
            <Input id="quote-title" value={title} onChange={(e) => setTitle(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="quote-seller">Vendedor(a)</Label>
            <NativeSelect id="quote-seller" value={sellerId} onChange={(e) => setSellerId(e.target.value)}>
              <option value="">Nenhum</option>
              {(sellers.data ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.full_name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="grid gap-1">
              <Label htmlFor="quote-currency">Moeda</Label>
              <NativeSelect
                id="quote-currency"
                value={currency}
                onChange={(e) => setCurrency(e.target.value as Currency)}
              >
                <option value="USD">Dólar (US$)</option>
                <option value="BRL">Real (R$)</option>
              </NativeSelect>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="quote-rate">Cotação US$ 1,00 em R$</Label>
              <Input id="quote-rate" inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} />
            </div>
          </div>
          <p className="text-xs text-muted-foreground">
            {latest.data
              ? `Última cotação: ${String(latest.data.rate).replace('.', ',')} em ${formatDate(latest.data.rate_date)} (${latest.data.source === 'ptax' ? 'PTAX/BCB' : latest.data.source === 'demo' ? 'demonstração' : 'manual'}).`
              : 'Nenhuma cotação registrada.'}{' '}
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0"
              onClick={() =>
                refresh.mutateAsync().then(
                  () => {
                    setRate('');
                    toast.success('Cotação atualizada');
                  },
                  (e) => toast.error(`Erro ao atualizar cotação: ${(e as Error).message}`),
                )
              }
            >
              Atualizar cotação
            </Button>
          </p>
          <div className="grid grid-cols-2 gap-3">
            <div className="grid gap-1">
              <Label htmlFor="quote-fees-date">Taxas USCIS vigentes em</Label>
              <Input id="quote-fees-date" type="date" value={feesDate} onChange={(e) => setFeesDate(e.target.value)} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="quote-expiration">Válido até</Label>
              <Input
                id="quote-expiration"
                type="date"
                value={expiration}
                onChange={(e) => setExpiration(e.target.value)}
              />
            </div>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="quote-discount">Desconto do orçamento</Label>
            <div className="flex items-center gap-2">
              <Input
                id="quote-discount"
                inputMode="decimal"
                placeholder={discountUnit === 'percent' ? 'Ex.: 10' : '0,00'}
                value={discount}
                onChange={(e) => setDiscount(e.target.value)}
              />
              <DiscountUnitSelect
                label="Tipo de desconto"
                className="h-9"
                currency={currency}
                value={discountUnit}
                onChange={setDiscountUnit}
              />
            </div>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="quote-notes">Observações</Label>
            <Textarea id="quote-notes" value={notes} onChange={(e) => setNotes(e.target.value)} />
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} disabled={!clientId || title.trim() === '' || create.isPending}>
            Criar
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
