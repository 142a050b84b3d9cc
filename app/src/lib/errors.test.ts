import { describe, expect, it } from 'vitest';
import { errorMessage } from './errors';

describe('errorMessage', () => {
  it("puts PostgreSQL's and the browser's English refusals in Portuguese", () => {
    const cases: [unknown, string][] = [
      [
        { code: '42501', message: 'new row violates row-level security policy for table "appointments"' },
        'Você não tem permissão para fazer isso.',
      ],
      [{ code: '42501', message: 'permission denied for table clients' }, 'Você não tem permissão para fazer isso.'],
      [
        { code: '23505', message: 'duplicate key value violates unique constraint "case_types_pkey"' },
        'Já existe um registro com esses dados.',
      ],
      [
        {
          code: '23503',
          message: 'update or delete on table "clients" violates foreign key constraint "x" on table "y"',
        },
        'Este registro está ligado a outros dados: não foi possível salvar ou excluir.',
      ],
      [
        { code: '23502', message: 'null value in column "title" of relation "tasks" violates not-null constraint' },
        'Preencha todos os campos obrigatórios.',
      ],
      [
        { code: '23514', message: 'new row for relation "x" violates check constraint "y"' },
        'Um dos valores informados não é válido.',
      ],
      [
        { code: '22P02', message: 'invalid input syntax for type uuid: "abc"' },
        'Um dos valores informados não é válido.',
      ],
      [{ code: 'PGRST301', message: 'JWT expired' }, 'Sua sessão expirou. Entre novamente.'],
      [new TypeError('Failed to fetch'), 'Sem conexão com o servidor. Verifique a internet e tente novamente.'],
      [new TypeError('Load failed'), 'Sem conexão com o servidor. Verifique a internet e tente novamente.'],
    ];
    for (const [error, text] of cases) expect(errorMessage(error)).toBe(text);
  });

  it("keeps the database's own Portuguese refusals and other messages as they came", () => {
    expect(errorMessage({ code: '42501', message: 'Apenas administradores reenviam notificações' })).toBe(
      'Apenas administradores reenviam notificações',
    );
    expect(errorMessage(new Error('Orçamento já aceito não pode ser alterado'))).toBe(
      'Orçamento já aceito não pode ser alterado',
    );
    expect(errorMessage('texto')).toBe('texto');
  });

  it('falls back when there is no message', () => {
    expect(errorMessage(null)).toBe('Erro desconhecido');
    expect(errorMessage({}, 'Falhou')).toBe('Falhou');
    expect(errorMessage({ message: '' })).toBe('Erro desconhecido');
  });
});
