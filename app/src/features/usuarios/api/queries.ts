import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { groupRolesByUser } from '../roles';
import { usuariosStrings as t } from '../strings';
import { userKeys } from './keys';

export interface ManagedUser {
  id: string;
  email: string | null;
  full_name: string | null;
  roles: string[];
}

/**
 * All profiles, then their roles. The spec reads the roles per profile; one read of user_roles
 * grouped here gives the same result with a single request.
 */
export async function fetchUsers(): Promise<ManagedUser[]> {
  const { data: profiles } = await supabase.from('profiles').select('*').order('created_at').throwOnError();
  const { data: roleRows } = await supabase.from('user_roles').select('user_id, role').throwOnError();
  const byUser = groupRolesByUser((roleRows ?? []) as { user_id: string; role: string }[]);
  return ((profiles ?? []) as { id: string; email: string | null; full_name: string | null }[]).map((profile) => ({
    id: profile.id,
    email: profile.email,
    full_name: profile.full_name,
    roles: byUser.get(profile.id) ?? [],
  }));
}

export function useUsers(enabled: boolean) {
  return useQuery({ queryKey: userKeys.list(), queryFn: fetchUsers, enabled, meta: { errorMessage: t.loadError } });
}
