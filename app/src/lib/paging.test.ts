import { describe, expect, it } from 'vitest';
import { formatCount, ilikeAny, likePattern, pageRange, pagerState } from './paging';

describe('paging', () => {
  it('asks for the rows of a page', () => {
    expect(pageRange(1, 25)).toEqual({ from: 0, to: 24 });
    expect(pageRange(3, 25)).toEqual({ from: 50, to: 74 });
    expect(pageRange(0, 10)).toEqual({ from: 0, to: 9 });
  });

  it('labels a page in pt-BR numbers', () => {
    expect(formatCount(5002)).toBe('5.002');
    expect(pagerState(5002, 1, 25).label).toBe('1-25 de 5.002');
    expect(pagerState(5002, 201, 25).label).toBe('5.001-5.002 de 5.002');
    expect(pagerState(5002, 999, 25)).toMatchObject({ page: 201, hasNext: false, hasPrevious: true });
    expect(pagerState(0, 1, 25)).toMatchObject({ label: '0 de 0', hasNext: false, hasPrevious: false, pageCount: 1 });
  });

  it('matches a term literally, in any column', () => {
    expect(likePattern(' 50%_off ')).toBe('*50\\%\\_off*');
    expect(ilikeAny(['full_name', 'email'], 'Ana')).toBe('full_name.ilike."*Ana*",email.ilike."*Ana*"');
    // commas, parentheses and quotes cannot break out of the filter
    expect(ilikeAny(['full_name'], 'a,b)"c')).toBe('full_name.ilike."*a,b)\\"c*"');
    expect(ilikeAny(['full_name'], '  ')).toBeNull();
    expect(ilikeAny(['full_name'], '**')).toBeNull();
  });
});
