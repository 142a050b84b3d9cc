import { useAuth } from '@/lib/auth-context';
import { hasAnyRole } from '@/lib/roles';

/** Administrators and legal assistants write finance rows (the database enforces it; the UI only hides). */
export function useHasManagerRole(): boolean {
  return hasAnyRole(useAuth().roles, ['administrator', 'legal_assistant']);
}

/** Writes this quote: a manager, or the commercial user who sells it (the database's "sellers ... own quotes"). */
export function useWritesQuote(quote: { seller_id?: string | null } | null): boolean {
  const { roles, user } = useAuth();
  if (hasAnyRole(roles, ['administrator', 'legal_assistant'])) return true;
  return hasAnyRole(roles, ['commercial']) && Boolean(user && quote?.seller_id === user.id);
}

export function useIsAdministrator(): boolean {
  return hasAnyRole(useAuth().roles, ['administrator']);
}
