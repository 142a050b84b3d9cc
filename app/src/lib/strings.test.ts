import { describe, expect, it } from 'vitest';
import { fill } from './strings';

describe('fill', () => {
  it('fills every placeholder, also one that repeats, and leaves unknown ones as written', () => {
    expect(fill('Erro ao salvar: {message}', { message: 'sem conexão' })).toBe('Erro ao salvar: sem conexão');
    expect(fill('{n} de {n} tarefas, {other}', { n: 3 })).toBe('3 de 3 tarefas, {other}');
  });

  it('does not read $ patterns in values as replacement syntax', () => {
    expect(fill('Valor: {v}', { v: "$& $' $1" })).toBe("Valor: $& $' $1");
  });
});
