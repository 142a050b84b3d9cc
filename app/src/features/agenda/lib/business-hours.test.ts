import { describe, expect, it } from 'vitest';
import { describeBusinessHours } from './business-hours';

const nineToSix = { open: '09:00', close: '18:00' };

describe('describeBusinessHours', () => {
  it('groups consecutive days with the same hours', () => {
    expect(
      describeBusinessHours({
        mon: nineToSix,
        tue: nineToSix,
        wed: nineToSix,
        thu: nineToSix,
        fri: nineToSix,
        sat: null,
        sun: null,
      }),
    ).toBe('segunda a sexta, das 09:00 às 18:00');
  });

  it('tells different hours and gaps apart, and says nothing without hours', () => {
    expect(
      describeBusinessHours({ mon: nineToSix, tue: nineToSix, thu: nineToSix, sat: { open: '08:00', close: '12:00' } }),
    ).toBe('segunda e terça, das 09:00 às 18:00; quinta, das 09:00 às 18:00; sábado, das 08:00 às 12:00');
    expect(describeBusinessHours({})).toBe('');
    expect(describeBusinessHours(null)).toBe('');
  });
});
