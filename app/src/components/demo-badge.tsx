import { FlaskConical } from 'lucide-react';
import { Badge, badgeColor } from '@/components/ui/badge';

/** Marks a result a demo provider produced (USCIS, EOIR, form editions): simulated, never sent to the client. */
export function DemoBadge() {
  return (
    <Badge
      variant="outline"
      className={badgeColor.amber}
      title="Resultado simulado por um provedor de demonstração; não é enviado ao cliente."
    >
      <FlaskConical aria-hidden="true" />
      Demonstração
    </Badge>
  );
}
