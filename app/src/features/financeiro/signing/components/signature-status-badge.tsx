/** The signing lifecycle in pt-BR: Rascunho → Enviado → Assinado pelo cliente → Vigente. */
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import type { SignatureStatus } from '../api';

export const signatureStatusLabels: Record<SignatureStatus, string> = {
  draft: 'Rascunho',
  sent: 'Enviado para assinatura',
  client_signed: 'Assinado pelo cliente',
  countersigned: 'Vigente',
};

const variants: Record<SignatureStatus, BadgeVariant> = {
  draft: 'outline',
  sent: 'secondary',
  client_signed: 'default',
  countersigned: 'success',
};

export function SignatureStatusBadge({ status }: { status: SignatureStatus }) {
  return (
    <Badge variant={variants[status]} data-testid="signature-status">
      {signatureStatusLabels[status]}
    </Badge>
  );
}
