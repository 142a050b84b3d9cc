/** Roles and user display helpers (pure): role labels, table role, display name, initials. */

export const ROLES = ['administrator', 'legal_assistant', 'commercial', 'secretary', 'client'] as const;
export type AppRole = (typeof ROLES)[number];

export const STAFF_ROLES = [
  'administrator',
  'legal_assistant',
  'commercial',
  'secretary',
] as const satisfies readonly AppRole[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<AppRole, string> = {
  administrator: 'Administrador',
  legal_assistant: 'Assistente Legal',
  commercial: 'Comercial',
  secretary: 'Secretária',
  client: 'Cliente',
};

export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

export function hasAnyRole(roles: readonly string[], required: readonly string[]): boolean {
  return required.some((role) => roles.includes(role));
}

/** User-menu label: administrator, legal_assistant, commercial, secretary in that priority, else 'Usuário'. */
export function roleLabel(roles: readonly string[]): string {
  for (const role of STAFF_ROLES) {
    if (roles.includes(role)) return ROLE_LABELS[role];
  }
  return 'Usuário';
}

/** The one role shown in the user-management table: administrator, legal_assistant, commercial, else secretary. */
export function primaryRoleForTable(roles: readonly string[]): StaffRole {
  if (roles.includes('administrator')) return 'administrator';
  if (roles.includes('legal_assistant')) return 'legal_assistant';
  if (roles.includes('commercial')) return 'commercial';
  return 'secretary';
}

/** full_name, else the part of the e-mail before @, else 'Usuário'. */
export function displayName(profile: { full_name?: string | null } | null | undefined, email?: string | null): string {
  const fullName = profile?.full_name?.trim();
  if (fullName) return fullName;
  const local = email?.split('@')[0]?.trim();
  if (local) return local;
  return 'Usuário';
}

/** Up to 2 uppercase letters from the first two words: 'Ana Maria Souza' -> 'AM', 'ana' -> 'A'. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'U';
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}
