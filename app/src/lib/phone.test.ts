import { describe, expect, it } from 'vitest';
import { usNationalDigits } from './phone';

describe('usNationalDigits', () => {
  it('reads a US number with or without its country code', () => {
    expect(usNationalDigits('(617) 555-0100')).toBe('6175550100');
    expect(usNationalDigits('+1 (617) 555-0100')).toBe('6175550100');
    expect(usNationalDigits('16175550100')).toBe('6175550100');
    expect(usNationalDigits(' 617.555.0100 ')).toBe('6175550100');
  });

  it("is null for another country's number or too few digits", () => {
    expect(usNationalDigits('+55 11 91234-5678')).toBeNull();
    expect(usNationalDigits('555-0100')).toBeNull();
    expect(usNationalDigits('')).toBeNull();
  });
});
