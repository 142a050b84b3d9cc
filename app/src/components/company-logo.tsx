import { Landmark } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The stored company logo, or the default emblem. */
export function CompanyLogo({ logo, name, className }: { logo: string | null; name: string; className?: string }) {
  if (logo) {
    return (
      <img
        src={logo}
        alt={`Logotipo de ${name}`}
        className={cn('size-9 shrink-0 rounded-md bg-white object-contain', className)}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={`Logotipo de ${name}`}
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-md bg-sidebar-primary text-white',
        className,
      )}
    >
      <Landmark className="size-5" aria-hidden="true" />
    </span>
  );
}
