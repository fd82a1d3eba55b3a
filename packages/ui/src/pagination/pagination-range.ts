export type PaginationItem = number | 'ellipsis-start' | 'ellipsis-end';

/** How many pages `total` items take at `pageSize` per page; at least 1, so an empty list is "page 1 of 1". */
export function pageCountOf(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || !Number.isFinite(pageSize) || pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A page number brought inside 1…pageCount. */
export function clampPage(page: number, pageCount: number): number {
  const count = Math.max(1, Math.floor(pageCount));
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.floor(page)), count);
}

/**
 * The numbered buttons to show: always the first and last page, `siblings` pages each side of the current one,
 * and an ellipsis for each gap of two or more pages (a gap of one shows that page instead). The list keeps the
 * same length while the current page moves, so the buttons do not jump under the pointer.
 */
export function paginationRange(page: number, pageCount: number, siblings = 1): PaginationItem[] {
  const count = Math.max(1, Math.floor(pageCount));
  const current = clampPage(page, count);
  // first + last + current + siblings on each side + two ellipses
  const slots = siblings * 2 + 5;
  if (count <= slots) return Array.from({ length: count }, (_, i) => i + 1);

  const start = Math.max(current - siblings, 3);
  const end = Math.min(current + siblings, count - 2);
  const showStart = start > 3;
  const showEnd = end < count - 2;
  if (!showStart) {
    const head = Array.from({ length: slots - 2 }, (_, i) => i + 1);
    return [...head, 'ellipsis-end', count];
  }
  if (!showEnd) {
    const tail = Array.from({ length: slots - 2 }, (_, i) => count - (slots - 3) + i);
    return [1, 'ellipsis-start', ...tail];
  }
  const middle = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  return [1, 'ellipsis-start', ...middle, 'ellipsis-end', count];
}
