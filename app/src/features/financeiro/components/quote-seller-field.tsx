/**
 * The salesperson of a quote: a picker of the commercial staff while the quote is editable, the name otherwise.
 * The contract made from the quote copies it, and its payments' commissions go to that person.
 */
import { toast } from '@/lib/toast';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useSalesStaff, useStaffNames, useUpdateQuote, type Quote } from '../api/money';
import { errorMessage } from '@/lib/errors';

export function QuoteSellerField({ quote, editable }: { quote: Quote; editable: boolean }) {
  const sellers = useSalesStaff();
  const names = useStaffNames();
  const update = useUpdateQuote();
  const current = quote.sales_staff_id;
  const currentName = current ? (names.data?.get(current) ?? 'Vendedor(a) atual') : null;

  if (!editable) {
    return (
      <p className="text-sm">
        <span className="text-muted-foreground">Vendedor(a): </span>
        <span data-testid="quote-seller">{currentName ?? 'Nenhum'}</span>
      </p>
    );
  }

  const options = sellers.data ?? [];
  // a seller who is no longer commercial stays visible (and selected) until someone else is chosen
  const missing = current && !options.some((s) => s.id === current);

  const change = async (value: string) => {
    try {
      await update.mutateAsync({ id: quote.id, changes: { sales_staff_id: value || null } });
      toast.success(value ? 'Vendedor(a) alterado(a)' : 'Orçamento sem vendedor(a)');
    } catch (error) {
      toast.error(`Erro ao trocar o(a) vendedor(a): ${errorMessage(error)}`);
    }
  };

  return (
    <div className="flex items-center gap-2">
      <Label htmlFor="quote-editor-seller" className="whitespace-nowrap">
        Vendedor(a)
      </Label>
      <NativeSelect
        id="quote-editor-seller"
        className="h-8 w-56"
        value={current ?? ''}
        disabled={update.isPending}
        onChange={(e) => void change(e.target.value)}
      >
        <option value="">Nenhum</option>
        {missing && <option value={current}>{currentName}</option>}
        {options.map((s) => (
          <option key={s.id} value={s.id}>
            {s.full_name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
