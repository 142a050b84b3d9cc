import { AccessDenied } from '@/components/access-denied';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/lib/auth-context';

// Placeholder: the owner of this screen replaces the list (spec section 2, Usuários).
// Non-administrators see the Acesso Restrito card (the route itself is open to all staff).
export default function UsuariosPage() {
  const { hasRole } = useAuth();
  if (!hasRole('administrator')) {
    return <AccessDenied description="Você não tem permissão para gerenciar usuários." />;
  }
  return <PageHeader title="Usuários" />;
}
