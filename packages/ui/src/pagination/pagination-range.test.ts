import { describe, expect, it } from 'vitest';
import { clampPage, pageCountOf, paginationRange } from './pagination-range';

describe('pageCountOf', () => {
  it('rounds up and never goes below 1', () => {
    expect(pageCountOf(0, 25)).toBe(1);
    expect(pageCountOf(25, 25)).toBe(1);
    expect(pageCountOf(26, 25)).toBe(2);
    expect(pageCountOf(1234, 50)).toBe(25);
  });

  it('treats a nonsense page size as one page', () => {
    expect(pageCountOf(10, 0)).toBe(1);
    expect(pageCountOf(Number.NaN, 10)).toBe(1);
  });
});

describe('clampPage', () => {
  it('keeps the page inside the range', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(2.7, 5)).toBe(2);
    expect(clampPage(Number.NaN, 5)).toBe(1);
  });
});

describe('paginationRange', () => {
  it('lists every page when they fit', () => {
    expect(paginationRange(1, 1)).toEqual([1]);
    expect(paginationRange(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('collapses the far end near the start', () => {
    expect(paginationRange(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(paginationRange(4, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
  });

  it('collapses both ends in the middle', () => {
    expect(paginationRange(10, 20)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20]);
  });

  it('collapses the near end close to the last page', () => {
    expect(paginationRange(17, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
    expect(paginationRange(20, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
  });

  it('keeps the same number of items wherever the current page is', () => {
    for (let page = 1; page <= 30; page += 1) expect(paginationRange(page, 30)).toHaveLength(7);
    for (let page = 1; page <= 30; page += 1) expect(paginationRange(page, 30, 2)).toHaveLength(9);
  });

  it('always contains the current page, the first and the last', () => {
    for (let page = 1; page <= 30; page += 1) {
      const items = paginationRange(page, 30);
      expect(items).toContain(page);
      expect(items[0]).toBe(1);
      expect(items.at(-1)).toBe(30);
    }
  });
});
