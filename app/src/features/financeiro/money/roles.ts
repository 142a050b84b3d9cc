import { useAuth } from '@/lib/auth-context';
import { hasAnyRole } from '@/lib/roles';

/** Administrators and legal assistants write finance rows (the database enforces it; the UI only hides). */
export function useHasManagerRole(): boolean {
  return hasAnyRole(useAuth().roles, ['administrator', 'legal_assistant']);
}

export function useIsAdministrator(): boolean {
  return hasAnyRole(useAuth().roles, ['administrator']);
}
