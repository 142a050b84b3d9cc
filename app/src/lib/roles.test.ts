import { describe, expect, it } from 'vitest';
import { displayName, hasAnyRole, initials, isStaffRole, primaryRoleForTable, roleLabel, STAFF_ROLES } from './roles';

describe('roleLabel', () => {
  it('follows the priority administrator > legal_assistant > commercial > secretary', () => {
    expect(roleLabel(['secretary', 'administrator'])).toBe('Administrador');
    expect(roleLabel(['commercial', 'legal_assistant'])).toBe('Assistente Legal');
    expect(roleLabel(['secretary', 'commercial'])).toBe('Comercial');
    expect(roleLabel(['secretary'])).toBe('Secretária');
  });
  it('falls back to Usuário', () => {
    expect(roleLabel([])).toBe('Usuário');
    expect(roleLabel(['client'])).toBe('Usuário');
  });
});

describe('primaryRoleForTable', () => {
  it('picks by priority and defaults to secretary', () => {
    expect(primaryRoleForTable(['commercial', 'administrator'])).toBe('administrator');
    expect(primaryRoleForTable(['legal_assistant', 'commercial'])).toBe('legal_assistant');
    expect(primaryRoleForTable(['commercial'])).toBe('commercial');
    expect(primaryRoleForTable([])).toBe('secretary');
    expect(primaryRoleForTable(['client'])).toBe('secretary');
  });
});

describe('displayName', () => {
  it('prefers full_name, then e-mail local part, then Usuário', () => {
    expect(displayName({ full_name: 'Ana Administradora' }, 'admin@x.test')).toBe('Ana Administradora');
    expect(displayName({ full_name: '  ' }, 'bruno@x.test')).toBe('bruno');
    expect(displayName(null, 'carla@x.test')).toBe('carla');
    expect(displayName(null, null)).toBe('Usuário');
    expect(displayName(undefined, '')).toBe('Usuário');
  });
});

describe('initials', () => {
  it('uses at most two letters', () => {
    expect(initials('Ana Maria Souza')).toBe('AM');
    expect(initials('bruno')).toBe('B');
    expect(initials('  joão   souza ')).toBe('JS');
    expect(initials('')).toBe('U');
    expect(initials(null)).toBe('U');
  });
});

describe('staff helpers', () => {
  it('knows the staff roles', () => {
    expect(STAFF_ROLES).toEqual(['administrator', 'legal_assistant', 'commercial', 'secretary']);
    expect(isStaffRole('secretary')).toBe(true);
    expect(isStaffRole('client')).toBe(false);
    expect(hasAnyRole(['client'], ['client'])).toBe(true);
    expect(hasAnyRole(['secretary'], ['administrator', 'legal_assistant'])).toBe(false);
  });
});
