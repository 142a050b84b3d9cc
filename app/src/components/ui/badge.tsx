import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-medium [&>svg]:pointer-events-none [&>svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        destructive: 'border-transparent bg-destructive text-destructive-foreground',
        outline: 'text-foreground',
        success: 'border-transparent bg-success text-success-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

export interface BadgeProps extends ComponentProps<'span'>, VariantProps<typeof badgeVariants> {
  asChild?: boolean;
}

export function Badge({ className, variant, asChild = false, ...props }: BadgeProps) {
  const Comp = asChild ? Slot : 'span';
  return <Comp data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}

/** Soft colour classes for status badges: <Badge variant="outline" className={badgeColor.green}>. */
export const badgeColor = {
  green: 'border-green-200 bg-green-100 text-green-800',
  emerald: 'border-emerald-200 bg-emerald-100 text-emerald-800',
  blue: 'border-blue-200 bg-blue-100 text-blue-800',
  yellow: 'border-yellow-200 bg-yellow-100 text-yellow-800',
  amber: 'border-amber-200 bg-amber-100 text-amber-800',
  orange: 'border-orange-200 bg-orange-100 text-orange-800',
  purple: 'border-purple-200 bg-purple-100 text-purple-800',
  red: 'border-red-200 bg-red-100 text-red-800',
  gray: 'border-gray-200 bg-gray-100 text-gray-800',
} as const;

export type BadgeColor = keyof typeof badgeColor;

/** Class names for a named colour (falls back to gray). */
export function badgeColorClass(color: BadgeColor | null | undefined): string {
  return badgeColor[color ?? 'gray'] ?? badgeColor.gray;
}

/** A status badge in one of the soft colours; data-color names the colour (gray when none) for tests and styles. */
export function ColorBadge({
  color,
  className,
  ...props
}: Omit<BadgeProps, 'variant'> & { color: BadgeColor | null | undefined }) {
  return (
    <Badge
      variant="outline"
      className={cn(badgeColorClass(color), className)}
      data-color={color ?? 'gray'}
      {...props}
    />
  );
}
