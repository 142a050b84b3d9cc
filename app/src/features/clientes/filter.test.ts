import { describe, expect, it } from 'vitest';
import { filterClients } from './filter';

const clients = [
  { id: '1', full_name: 'Maria Silva', email: 'maria.silva@cliente.test', phone: '+1 (555) 010-2000', created_at: '' },
  { id: '2', full_name: 'João Souza', email: 'JOAO.souza@cliente.test', phone: null, created_at: '' },
  { id: '3', full_name: 'Carlos Pereira', email: 'carlos@exemplo.com', phone: '11 98888-7777', created_at: '' },
];

const ids = (list: { id: string }[]) => list.map((c) => c.id);

describe('filterClients', () => {
  it('keeps everything for a blank term', () => {
    expect(ids(filterClients(clients, ''))).toEqual(['1', '2', '3']);
    expect(ids(filterClients(clients, '   '))).toEqual(['1', '2', '3']);
  });

  it('matches the name case-insensitively', () => {
    expect(ids(filterClients(clients, 'maria'))).toEqual(['1']);
    expect(ids(filterClients(clients, 'SOUZA'))).toEqual(['2']);
  });

  it('matches the e-mail case-insensitively', () => {
    expect(ids(filterClients(clients, 'joao.SOUZA@'))).toEqual(['2']);
    expect(ids(filterClients(clients, 'exemplo.com'))).toEqual(['3']);
  });

  it('matches a substring of the phone', () => {
    expect(ids(filterClients(clients, '98888'))).toEqual(['3']);
    expect(ids(filterClients(clients, '(555)'))).toEqual(['1']);
  });

  it('returns nothing when no field matches', () => {
    expect(filterClients(clients, 'zzz')).toEqual([]);
  });

  it('does not mutate the input', () => {
    const copy = [...clients];
    filterClients(clients, 'maria');
    expect(clients).toEqual(copy);
  });
});
