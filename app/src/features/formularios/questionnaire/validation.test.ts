import { describe, expect, it } from 'vitest';
import { answersSchema, emptyAnswers, messages, toFormValues } from './validation';

function errorsOf(answers: unknown): string[] {
  const result = answersSchema.safeParse(answers);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('questionnaire validation', () => {
  it('accepts an empty questionnaire and well-formed answers', () => {
    expect(errorsOf(emptyAnswers())).toEqual([]);
    expect(
      errorsOf({
        personal: { date_of_birth: '1988-03-14', a_number: 'A12345678', ssn: '123-45-6789', email: 'm@x.com' },
        immigration: { previous_receipts: 'IOE0912345678' },
        addresses: [{ city: 'Boston', from: '2020-01-01', to: '' }],
      }),
    ).toEqual([]);
  });

  it.each([
    [{ personal: { a_number: '123456789' } }, messages.aNumber],
    [{ personal: { a_number: 'A1234567' } }, messages.aNumber],
    [{ personal: { a_number: 'A1234567890' } }, messages.aNumber],
    [{ personal: { ssn: '123456789' } }, messages.ssn],
    [{ personal: { date_of_birth: '1988-02-30' } }, messages.date],
    [{ immigration: { previous_receipts: 'ABC0912345678' } }, messages.receipt],
    [{ immigration: { previous_receipts: 'MSC091234567' } }, messages.receipt],
    [{ children: [{ date_of_birth: '14/03/2015' }] }, messages.date],
  ])('refuses %j', (answers, message) => {
    expect(errorsOf(answers)).toEqual([message]);
  });

  it('fills missing fields of stored answers so every input is controlled', () => {
    const values = toFormValues({ personal: { full_name: 'Maria' }, children: [{ full_name: 'Ana' }] });
    expect(values.personal).toMatchObject({ full_name: 'Maria', ssn: '' });
    expect(values.children).toEqual([{ full_name: 'Ana', date_of_birth: '', country_of_birth: '' }]);
    expect(values.travel).toEqual([]);
  });
});
