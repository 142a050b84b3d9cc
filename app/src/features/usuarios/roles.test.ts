import { describe, expect, it } from 'vitest';
import { groupRolesByUser, tableRoleFor, tableRoleLabel } from './roles';

describe('tableRoleFor', () => {
  it('follows the priority administrator, legal_assistant, commercial, otherwise secretary', () => {
    expect(tableRoleFor(['secretary', 'commercial', 'administrator'])).toBe('administrator');
    expect(tableRoleFor(['commercial', 'legal_assistant'])).toBe('legal_assistant');
    expect(tableRoleFor(['secretary', 'commercial'])).toBe('commercial');
    expect(tableRoleFor(['secretary'])).toBe('secretary');
    expect(tableRoleFor([])).toBe('secretary');
  });

  it('shows a client-only account as client, but staff who are also clients as staff', () => {
    expect(tableRoleFor(['client'])).toBe('client');
    expect(tableRoleFor(['client', 'commercial'])).toBe('commercial');
    expect(tableRoleFor(['client', 'secretary'])).toBe('secretary');
  });

  it('labels the roles in Portuguese', () => {
    expect(tableRoleLabel('administrator')).toBe('Administrador');
    expect(tableRoleLabel('legal_assistant')).toBe('Assistente Legal');
    expect(tableRoleLabel('commercial')).toBe('Comercial');
    expect(tableRoleLabel('secretary')).toBe('Secretária');
    expect(tableRoleLabel('client')).toBe('Cliente');
  });
});

describe('groupRolesByUser', () => {
  it('groups the rows by user', () => {
    const grouped = groupRolesByUser([
      { user_id: 'a', role: 'administrator' },
      { user_id: 'b', role: 'client' },
      { user_id: 'a', role: 'secretary' },
    ]);
    expect(grouped.get('a')).toEqual(['administrator', 'secretary']);
    expect(grouped.get('b')).toEqual(['client']);
    expect(grouped.get('c')).toBeUndefined();
  });
});
