/**
 * A quote's lines (products, USCIS fees valid on its date, free lines) edited in place, discount (an amount or a
 * percentage, on a line or on the whole quote), seller, totals, send, contract, PDF. Only a draft is edited, by those who write quotes; every total shown is the database's.
 */
import { FileDown, Send } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/errors';
import { formatDate, parseDecimal } from '@/lib/format';
import { useProducts, useUscisFees } from '../api/queries';
import {
  downloadFinanceDocument,
  useQuoteItemMutations,
  useQuoteItems,
  useUpdateQuote,
  type ItemChanges,
  type Quote,
} from '../api/money';
import { formatMoney } from '../lib/money';
import { useHasManagerRole, useWritesQuote } from '../lib/money-roles';
import { MoneyStatusBadge } from '../components/money-status-badge';
import { financeStrings } from '../strings';
import { discountLabel, readDiscount, storedUnit, typedPercent, type DiscountUnit } from '../lib/discount';
import { ContractFromQuoteDialog } from './contract-from-quote-dialog';
import { DiscountUnitSelect } from './discount-unit-select';
import { QuoteItemRow } from './quote-item-row';
import { QuoteSellerField } from './quote-seller-field';

type Source = 'product' | 'uscis_fee' | 'custom';

export function QuoteEditorDialog({ quote, onClose }: { quote: Quote | null; onClose: () => void }) {
  const open = quote !== null;
  const q = quote;
  const items = useQuoteItems(q?.id ?? '');
  const products = useProducts(open);
  const fees = useUscisFees(open);
  const { add, remove, edit } = useQuoteItemMutations();
  const update = useUpdateQuote();
  const manager = useHasManagerRole();
  const writes = useWritesQuote(quote);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [source, setSource] = useState<Source>('custom');
  const [ref, setRef] = useState('');
  const [description, setDescription] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [price, setPrice] = useState('');
  const [discount, setDiscount] = useState('');
  // null: the unit the quote's discount was stored in
  const [discountUnit, setDiscountUnit] = useState<DiscountUnit | null>(null);
  const [itemDiscount, setItemDiscount] = useState('');
  const [itemDiscountUnit, setItemDiscountUnit] = useState<DiscountUnit>('amount');
  const [contractOpen, setContractOpen] = useState(false);
  const [removing, setRemoving] = useState<{ id: string; description: string } | null>(null);

  const validFees = useMemo(
    () =>
      (fees.data ?? []).filter(
        (f) => f.is_active && q && f.valid_from <= q.fees_date && (!f.valid_until || f.valid_until >= q.fees_date),
      ),
    [fees.data, q],
  );
  if (!q) return null;
  // the database lets only a draft change, by administrators, legal assistants and the commercial user who sells it
  const draft = q.status === 'draft' && writes;
  const hasContract = Boolean(q.contract);
  const quoteUnit = discountUnit ?? storedUnit(q);

  const addItem = async () => {
    const qty = parseDecimal(quantity);
    const unitPrice = parseDecimal(price);
    if (Number.isNaN(qty) || (source === 'custom' && Number.isNaN(unitPrice))) {
      toast.error(financeStrings.invalidNumber);
      return false;
    }
    const lineDiscount = readDiscount(itemDiscount, itemDiscountUnit);
    if (typeof lineDiscount === 'string') {
      toast.error(lineDiscount);
      return false;
    }
    try {
      if (source === 'custom') {
        await add.mutateAsync({ quote_id: q.id, description, quantity: qty, unit_price: unitPrice, ...lineDiscount });
      } else if (source === 'product') {
        await add.mutateAsync({ quote_id: q.id, product_id: ref, quantity: qty, ...lineDiscount });
      } else {
        await add.mutateAsync({ quote_id: q.id, uscis_fee_id: ref, quantity: qty, ...lineDiscount });
      }
      setDescription('');
      setPrice('');
      setRef('');
      setQuantity('1');
      setItemDiscount('');
      toast.success('Item adicionado');
    } catch (error) {
      toast.error(`Erro ao adicionar item: ${errorMessage(error)}`);
    }
  };

  const run = async (fn: () => Promise<unknown>, ok: string, fail: string) => {
    try {
      await fn();
      toast.success(ok);
    } catch (error) {
      toast.error(`${fail}: ${errorMessage(error)}`);
    }
  };

  const saveItem = async (id: string, changes: ItemChanges): Promise<boolean> => {
    try {
      await edit.mutateAsync({ id, changes });
      setEditingId(null);
      toast.success('Item atualizado');
      return true;
    } catch (error) {
      toast.error(`Erro ao salvar item: ${errorMessage(error)}`);
      return false;
    }
  };

  const canAdd = source === 'custom' ? description.trim() !== '' && parseDecimal(price) >= 0 : ref !== '';

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>Orçamento {q.quote_number}</DialogTitle>
          <DialogDescription>
            {q.title} · {q.client?.full_name ?? ''} · taxas USCIS vigentes em {formatDate(q.fees_date)}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center gap-2">
          <MoneyStatusBadge status={q.status} kind="quote" />
          <QuoteSellerField quote={q} editable={draft} />
          {q.exchange_rate && (
            <span className="text-xs text-muted-foreground">
              Cotação: US$ 1,00 = {formatMoney(q.exchange_rate, 'BRL')} ({formatDate(q.exchange_rate_date)})
            </span>
          )}
        </div>
        <div className="max-h-72 overflow-auto">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Descrição</TableHead>
                <TableHead className="text-right">Qtd.</TableHead>
                <TableHead className="text-right">Unitário</TableHead>
                <TableHead className="text-right">Desconto</TableHead>
                <TableHead className="text-right">Total</TableHead>
                {draft && (
                  <TableHead className="w-24">
                    <span className="sr-only">Ações</span>
                  </TableHead>
                )}
              </TableRow>
            </TableHeader>
            <TableBody>
              {(items.data ?? []).map((it) => (
                <QuoteItemRow
                  // a fresh form, from the stored values, each time a line is opened
                  key={`${it.id}:${editingId === it.id}`}
                  item={it}
                  currency={q.currency}
                  editable={draft}
                  editing={draft && editingId === it.id}
                  busy={edit.isPending}
                  onEdit={() => setEditingId(it.id)}
                  onCancel={() => setEditingId(null)}
                  onSave={(changes) => saveItem(it.id, changes)}
                  onRemove={() => setRemoving({ id: it.id, description: it.description })}
                />
              ))}
              {items.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={draft ? 6 : 5} className="text-center text-sm text-muted-foreground">
                    Nenhum item no orçamento
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </div>
        {draft && (
          <fieldset className="grid gap-2 rounded-md border p-3 sm:grid-cols-6">
            <legend className="px-1 text-sm font-medium">Adicionar item</legend>
            <div className="grid gap-1 sm:col-span-1">
              <Label htmlFor="item-source">Origem</Label>
              <NativeSelect
                id="item-source"
                value={source}
                onChange={(e) => {
                  setSource(e.target.value as Source);
                  setRef('');
                }}
              >
                <option value="custom">Livre</option>
                <option value="product">Produto/serviço</option>
                <option value="uscis_fee">Taxa USCIS</option>
              </NativeSelect>
            </div>
            {source === 'custom' ? (
              <>
                <div className="grid gap-1 sm:col-span-3">
                  <Label htmlFor="item-description">Descrição do item</Label>
                  <Input id="item-description" value={description} onChange={(e) => setDescription(e.target.value)} />
                </div>
                <div className="grid gap-1 sm:col-span-1">
                  <Label htmlFor="item-price">Valor unitário ({q.currency})</Label>
                  <Input id="item-price" inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
                </div>
              </>
            ) : (
              <div className="grid gap-1 sm:col-span-4">
                <Label htmlFor="item-ref">{source === 'product' ? 'Produto/serviço' : 'Taxa USCIS'}</Label>
                <NativeSelect id="item-ref" value={ref} onChange={(e) => setRef(e.target.value)}>
                  <option value="">Selecione...</option>
                  {source === 'product'
                    ? (products.data ?? [])
                        .filter((p) => p.is_active)
                        .map((p) => (
                          <option key={p.id} value={p.id}>
                            {p.name} ({formatMoney(p.price, 'BRL')})
                          </option>
                        ))
                    : validFees.map((f) => (
                        <option key={f.id} value={f.id}>
                          {f.form_code} - {f.description ?? f.form_name} ({formatMoney(f.fee_amount, 'USD')})
                        </option>
                      ))}
                </NativeSelect>
              </div>
            )}
            <div className="grid gap-1 sm:col-span-1">
              <Label htmlFor="item-quantity">Quantidade</Label>
              <Input
                id="item-quantity"
                inputMode="decimal"
                value={quantity}
                onChange={(e) => setQuantity(e.target.value)}
              />
            </div>
            <div className="grid gap-1 sm:col-span-2">
              <Label htmlFor="item-discount">Desconto do item</Label>
              <div className="flex items-center gap-1">
                <Input
                  id="item-discount"
                  inputMode="decimal"
                  placeholder="0"
                  value={itemDiscount}
                  onChange={(e) => setItemDiscount(e.target.value)}
                />
                <DiscountUnitSelect
                  label="Tipo de desconto (novo item)"
                  className="h-9"
                  currency={q.currency}
                  value={itemDiscountUnit}
                  onChange={setItemDiscountUnit}
                />
              </div>
            </div>
            <div className="sm:col-span-6">
              <Button size="sm" onClick={addItem} disabled={!canAdd || add.isPending}>
                Adicionar item
              </Button>
            </div>
          </fieldset>
        )}
        <dl className="grid gap-1 text-sm sm:ml-auto sm:w-80">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatMoney(q.subtotal_amount, q.currency)}</dd>
          </div>
          <div className="flex items-center justify-between gap-2">
            <dt data-testid="quote-discount-label">{discountLabel(q.discount_percent)}</dt>
            <dd className="flex items-center gap-2">
              {draft ? (
                <>
                  <Input
                    aria-label="Desconto do orçamento"
                    className="h-8 w-24"
                    inputMode="decimal"
                    placeholder={
                      quoteUnit === 'percent' && storedUnit(q) === 'percent'
                        ? typedPercent(q.discount_percent ?? 0)
                        : String(q.discount_amount)
                    }
                    value={discount}
                    onChange={(e) => setDiscount(e.target.value)}
                  />
                  <DiscountUnitSelect
                    label="Tipo de desconto (orçamento)"
                    currency={q.currency}
                    value={quoteUnit}
                    onChange={setDiscountUnit}
                  />
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={discount === ''}
                    onClick={() => {
                      if (quoteUnit === 'amount' && Number.isNaN(parseDecimal(discount))) {
                        return toast.error(financeStrings.invalidNumber);
                      }
                      const typed = readDiscount(discount, quoteUnit);
                      if (typeof typed === 'string') return toast.error(typed);
                      const changes =
                        'discount_percent' in typed
                          ? typed
                          : // an amount again, after a percentage: the percent is cleared
                            {
                              discount_amount: typed.discount_amount,
                              ...(storedUnit(q) === 'percent' && { discount_percent: null }),
                            };
                      return run(
                        () => update.mutateAsync({ id: q.id, changes }),
                        'Desconto aplicado',
                        'Erro ao aplicar desconto',
                      ).then(() => {
                        setDiscount('');
                        setDiscountUnit(null);
                      });
                    }}
                  >
                    Aplicar
                  </Button>
                </>
              ) : (
                formatMoney(q.discount_amount, q.currency)
              )}
            </dd>
          </div>
          {draft && storedUnit(q) === 'percent' && Number(q.discount_amount) > 0 && (
            <div className="flex justify-end text-xs text-muted-foreground">
              <span data-testid="quote-discount-amount">{formatMoney(q.discount_amount, q.currency)}</span>
            </div>
          )}
          <div className="flex justify-between font-semibold">
            <dt>Total</dt>
            <dd data-testid="quote-total">{formatMoney(q.total_amount, q.currency)}</dd>
          </div>
          {q.currency === 'USD' && (
            <div className="flex justify-between text-muted-foreground">
              <dt>Equivalente em reais</dt>
              <dd data-testid="quote-total-brl">{q.total_brl ? formatMoney(q.total_brl, 'BRL') : 'sem cotação'}</dd>
            </div>
          )}
        </dl>
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="outline"
            onClick={() =>
              run(
                () => downloadFinanceDocument('quote', q.id, `orcamento-${q.quote_number}.pdf`),
                'PDF gerado',
                'Erro ao gerar PDF',
              )
            }
          >
            <FileDown aria-hidden="true" />
            Baixar PDF
          </Button>
          {draft && (
            <Button
              onClick={() =>
                run(
                  () => update.mutateAsync({ id: q.id, changes: { status: 'sent' } }),
                  'Orçamento enviado ao cliente',
                  'Erro ao enviar',
                )
              }
              disabled={Number(q.total_amount) <= 0}
            >
              <Send aria-hidden="true" />
              Enviar ao cliente
            </Button>
          )}
          {q.status === 'accepted' && !hasContract && manager && (
            <Button onClick={() => setContractOpen(true)}>Gerar contrato</Button>
          )}
        </div>
        <ContractFromQuoteDialog
          quote={contractOpen ? q : null}
          onClose={() => setContractOpen(false)}
          onCreated={() => {
            setContractOpen(false);
            onClose();
          }}
        />
      </DialogContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title="Remover item?"
        description={`O item "${removing?.description ?? ''}" sai do orçamento e o total é recalculado.`}
        pending={remove.isPending}
        onConfirm={() =>
          removing && run(() => remove.mutateAsync(removing.id), 'Item removido', 'Erro ao remover item')
        }
      />
    </Dialog>
  );
}
