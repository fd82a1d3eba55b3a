export { Pagination } from './pagination';
export type { PaginationProps } from './pagination';
export { paginationRange, pageCountOf, clampPage } from './pagination-range';
export type { PaginationItem } from './pagination-range';
