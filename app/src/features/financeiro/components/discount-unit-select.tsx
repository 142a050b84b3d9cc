/** The small "US$ / %" (or "R$ / %") choice next to a discount field. */
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';
import { currencySymbol, type DiscountUnit } from '../lib/discount';

export function DiscountUnitSelect({
  label,
  currency,
  value,
  onChange,
  className,
  id,
}: {
  label?: string;
  currency: string;
  value: DiscountUnit;
  onChange: (unit: DiscountUnit) => void;
  className?: string;
  id?: string;
}) {
  return (
    <NativeSelect
      id={id}
      aria-label={label}
      className={cn('h-8 w-20 shrink-0 px-2', className)}
      value={value}
      onChange={(e) => onChange(e.target.value as DiscountUnit)}
    >
      <option value="amount">{currencySymbol(currency)}</option>
      <option value="percent">%</option>
    </NativeSelect>
  );
}
