import type { ComponentProps } from 'react';
import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

export interface SearchInputProps extends ComponentProps<'input'> {
  /** Classes for the wrapper (width, margins); className goes to the input. */
  containerClassName?: string;
}

/** A text input with a magnifier icon at its start — the search box of list screens. Give it an aria-label. */
export function SearchInput({ containerClassName, className, ...props }: SearchInputProps) {
  return (
    <div className={cn('relative', containerClassName)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input className={cn('pl-9', className)} {...props} />
    </div>
  );
}
