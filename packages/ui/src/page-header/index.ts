export { PageHeader, Breadcrumbs } from './page-header';
export type { PageHeaderProps, BreadcrumbsProps, BreadcrumbItem } from './page-header';
