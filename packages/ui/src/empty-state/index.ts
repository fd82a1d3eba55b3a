export { EmptyState, emptyStateVariants } from './empty-state';
export type { EmptyStateProps } from './empty-state';
