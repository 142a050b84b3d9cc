/** Inside the staff area: the page for holders of a role, the Acesso Restrito card for other staff (no silent redirect). */
import { Outlet } from 'react-router-dom';
import { AccessDenied } from '@/components/access-denied';
import { useAuth } from '@/lib/auth-context';
import { hasAnyRole } from '@/lib/roles';

export function RequireRoleInPage({ roles, description }: { roles: readonly string[]; description?: string }) {
  const { roles: userRoles } = useAuth();
  if (!hasAnyRole(userRoles, roles)) return <AccessDenied description={description} />;
  return <Outlet />;
}
