/**
 * One line of a quote: shown as stored, or edited in place (description, quantity, unit price, line discount as
 * an amount or a percentage). The line's discount and total are always the ones the database computed; saving
 * refetches them with the quote's totals.
 */
import { Check, Pencil, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { TableCell, TableRow } from '@/components/ui/table';
import type { ItemChanges, QuoteItem } from '../api/money';
import { formatMoney } from '../lib/money';
import { formatPercent, readDiscount, storedUnit, typedPercent, type DiscountUnit } from '../lib/discount';
import { parseDecimal } from '@/lib/format';
import { DiscountUnitSelect } from './discount-unit-select';

/** "1.50" -> "1,5": a stored decimal as a person types it. */
function typed(value: string | number): string {
  return String(Number(value)).replace('.', ',');
}

/** The typed line: discount_amount holds the typed discount, an amount or (unit 'percent') a percentage. */
export interface ItemForm {
  description: string;
  quantity: string;
  unit_price: string;
  discount_amount: string;
}

/** The changes of the form, or the pt-BR reason they cannot be saved. */
export function readItemForm(form: ItemForm, unit: DiscountUnit = 'amount'): ItemChanges | string {
  const description = form.description.trim();
  const quantity = parseDecimal(form.quantity);
  const unitPrice = parseDecimal(form.unit_price);
  const discount = readDiscount(form.discount_amount, unit);
  if (description === '') return 'Informe a descrição do item';
  if (!(quantity > 0)) return 'A quantidade deve ser um número maior que zero';
  if (!(unitPrice >= 0)) return 'Informe um valor unitário válido';
  if (typeof discount === 'string') return discount;
  return { description, quantity, unit_price: unitPrice, ...discount };
}

export function QuoteItemRow({
  item,
  currency,
  editable,
  editing,
  busy,
  onEdit,
  onCancel,
  onSave,
  onRemove,
}: {
  item: QuoteItem;
  currency: string;
  editable: boolean;
  editing: boolean;
  busy: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSave: (changes: ItemChanges) => Promise<boolean>;
  onRemove: () => void;
}) {
  const stored = storedUnit(item);
  const [unit, setUnit] = useState<DiscountUnit>(stored);
  const [form, setForm] = useState<ItemForm>(() => ({
    description: item.description,
    quantity: typed(item.quantity),
    unit_price: typed(item.unit_price),
    discount_amount: stored === 'percent' ? typedPercent(item.discount_percent ?? 0) : typed(item.discount_amount),
  }));
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof ItemForm) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    setProblem(null);
  };

  if (!editing) {
    return (
      <TableRow>
        <TableCell>{item.description}</TableCell>
        <TableCell className="text-right">{typed(item.quantity)}</TableCell>
        <TableCell className="text-right">{formatMoney(item.unit_price, currency)}</TableCell>
        <TableCell className="text-right">
          {Number(item.discount_amount) > 0 ? formatMoney(item.discount_amount, currency) : '-'}
          {stored === 'percent' && Number(item.discount_percent) > 0 && (
            <span className="ml-1 text-muted-foreground">({formatPercent(item.discount_percent ?? 0)})</span>
          )}
        </TableCell>
        <TableCell className="text-right" data-testid="item-amount">
          {formatMoney(item.amount, currency)}
        </TableCell>
        {editable && (
          <TableCell className="whitespace-nowrap">
            <Button variant="ghost" size="icon" aria-label={`Editar ${item.description}`} onClick={onEdit}>
              <Pencil aria-hidden="true" />
            </Button>
            <Button variant="ghost" size="icon" aria-label={`Remover ${item.description}`} onClick={onRemove}>
              <Trash2 aria-hidden="true" />
            </Button>
          </TableCell>
        )}
      </TableRow>
    );
  }

  const save = async () => {
    const changes = readItemForm(form, unit);
    if (typeof changes === 'string') {
      setProblem(changes);
      return;
    }
    // an amount again (or none), after a percentage: the database keeps the percent until it is cleared
    await onSave(
      'discount_amount' in changes && stored === 'percent' ? { ...changes, discount_percent: null } : changes,
    );
  };

  return (
    <TableRow data-testid="item-editing">
      <TableCell>
        <Input aria-label="Editar descrição" value={form.description} onChange={set('description')} />
        {problem && (
          <p role="alert" className="mt-1 text-xs text-destructive">
            {problem}
          </p>
        )}
      </TableCell>
      <TableCell>
        <Input
          aria-label="Editar quantidade"
          className="w-20 text-right"
          inputMode="decimal"
          value={form.quantity}
          onChange={set('quantity')}
        />
      </TableCell>
      <TableCell>
        <Input
          aria-label={`Editar valor unitário (${currency})`}
          className="w-28 text-right"
          inputMode="decimal"
          value={form.unit_price}
          onChange={set('unit_price')}
        />
      </TableCell>
      <TableCell>
        <div className="flex items-center gap-1">
          <Input
            aria-label={`Editar desconto (${unit === 'percent' ? '%' : currency})`}
            className="w-24 text-right"
            inputMode="decimal"
            value={form.discount_amount}
            onChange={set('discount_amount')}
          />
          <DiscountUnitSelect
            label="Tipo de desconto (item)"
            currency={currency}
            value={unit}
            onChange={(u) => {
              setUnit(u);
              setProblem(null);
            }}
          />
        </div>
      </TableCell>
      <TableCell className="text-right text-muted-foreground">{formatMoney(item.amount, currency)}</TableCell>
      <TableCell className="whitespace-nowrap">
        <Button variant="ghost" size="icon" aria-label="Salvar item" onClick={save} disabled={busy}>
          <Check aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" aria-label="Cancelar edição" onClick={onCancel} disabled={busy}>
          <X aria-hidden="true" />
        </Button>
      </TableCell>
    </TableRow>
  );
}
