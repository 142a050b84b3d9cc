import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginResolver, type LoginInput } from './schemas';

const validate = (values: LoginInput) =>
  loginResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('loginResolver', () => {
  it('requires both fields, with the pt-BR messages', async () => {
    const { errors } = await validate({ email: '  ', password: '' });
    expect(errors.email?.message).toBe('O email é obrigatório');
    expect(errors.password?.message).toBe('A senha é obrigatória');
  });

  it('refuses a malformed email and hands back the trimmed one when valid', async () => {
    expect((await validate({ email: 'ana@', password: 'x' })).errors.email?.message).toBe('Informe um email válido');
    expect(await validate({ email: ' ana@escritorio.test ', password: ' s3nha ' })).toEqual({
      values: { email: 'ana@escritorio.test', password: ' s3nha ' },
      errors: {},
    });
  });

  it('accepts and refuses the same addresses as zod, which the other forms use', async () => {
    const samples = [
      'a@b.co',
      'maria.silva@cliente.test',
      "o'neil+x@mail.example.com",
      'a..b@c.com',
      '.a@b.com',
      'a@b',
      'a@-b.com',
      'a b@c.com',
      'ação@c.com',
      'a@b.c',
    ];
    for (const email of samples) {
      const ours = Object.keys((await validate({ email, password: 'x' })).errors).length === 0;
      expect([email, ours]).toEqual([email, z.email().safeParse(email).success]);
    }
  });
});
