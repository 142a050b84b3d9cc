import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ilikeAny, pageRange, type Page } from '@/lib/paging';
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

export interface UserListQuery {
  search: string;
  page: number;
  pageSize: number;
}

/**
 * One page of the profiles (oldest first) with the exact number that match the text (name or e-mail, filtered
 * in the query), then the roles of that page's users only.
 */
export async function fetchUsersPage({ search, page, pageSize }: UserListQuery): Promise<Page<ManagedUser>> {
  const { from, to } = pageRange(page, pageSize);
  let query = supabase.from('profiles').select('id, email, full_name, created_at', { count: 'exact' });
  const filter = ilikeAny(['full_name', 'email'], search);
  if (filter) query = query.or(filter);
  const { data: profiles, count } = await query.order('created_at').order('id').range(from, to).throwOnError();
  const rows = (profiles ?? []) as { id: string; email: string | null; full_name: string | null }[];
  let byUser = new Map<string, string[]>();
  if (rows.length > 0) {
    const { data: roleRows } = await supabase
      .from('user_roles')
      .select('user_id, role')
      .in(
        'user_id',
        rows.map((profile) => profile.id),
      )
      .throwOnError();
    byUser = groupRolesByUser((roleRows ?? []) as { user_id: string; role: string }[]);
  }
  return {
    rows: rows.map((profile) => ({
      id: profile.id,
      email: profile.email,
      full_name: profile.full_name,
      roles: byUser.get(profile.id) ?? [],
    })),
    total: count ?? 0,
  };
}

export function useUsersPage(list: UserListQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...userKeys.list(), list] as const,
    queryFn: () => fetchUsersPage(list),
    enabled,
    placeholderData: keepPreviousData,
    meta: { errorMessage: t.loadError },
  });
}
