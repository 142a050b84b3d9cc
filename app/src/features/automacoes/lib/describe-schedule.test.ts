import { describe, expect, it } from 'vitest';
import { describeSchedule } from './describe-schedule';

describe('describeSchedule', () => {
  it.each([
    ['0 6 * * *', 'Diariamente às 06:00'],
    ['15 6 * * *', 'Diariamente às 06:15'],
    ['0 7 * * 1', 'Toda segunda-feira às 07:00'],
    ['0 9 * * sun', 'Todo domingo às 09:00'],
    ['30 8 * * 1-5', 'De segunda a sexta às 08:30'],
    ['*/5 * * * *', 'A cada 5 minutos'],
    ['*/15 * * * *', 'A cada 15 minutos'],
    ['0 10 1 * *', 'Todo dia 1 às 10:00'],
    ['30 seconds', 'A cada 30 segundos'],
    ['@daily', 'Diariamente às 00:00'],
  ])('%s -> %s', (schedule, words) => {
    expect(describeSchedule(schedule)).toBe(words);
  });

  it('keeps expressions it cannot put in words', () => {
    expect(describeSchedule('0 6 1-7 * 1')).toBe('0 6 1-7 * 1');
    expect(describeSchedule('0 6 * 1,7 *')).toBe('0 6 * 1,7 *');
  });
});
