import { describe, expect, it } from 'vitest';
import { chunk, pageInfo } from './pagination';

describe('pageInfo', () => {
  it('one page: both buttons disabled', () => {
    const info = pageInfo(5, 1);
    expect(info.label).toBe('Mostrando 1-5 de 5 resultados');
    expect(info.hasPrevious).toBe(false);
    expect(info.hasNext).toBe(false);
  });

  it('several pages', () => {
    expect(pageInfo(23, 1).label).toBe('Mostrando 1-10 de 23 resultados');
    const last = pageInfo(23, 3);
    expect(last.label).toBe('Mostrando 21-23 de 23 resultados');
    expect(last.hasNext).toBe(false);
    expect(last.hasPrevious).toBe(true);
  });

  it('clamps the page and handles no results', () => {
    expect(pageInfo(0, 4).label).toBe('Mostrando 0-0 de 0 resultados');
    expect(pageInfo(12, 9).page).toBe(2);
  });
});

describe('chunk', () => {
  it('splits by size', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 10)).toEqual([]);
  });
});
