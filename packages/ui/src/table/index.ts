export {
  Table,
  TableHeader,
  TableBody,
  TableFooter,
  TableRow,
  TableHead,
  TableSortButton,
  TableCell,
  TableCaption,
  TableEmpty,
  TableLoadingRows,
} from './table';
export type {
  TableProps,
  TableHeadProps,
  TableSortButtonProps,
  TableSortDirection,
  TableEmptyProps,
  TableLoadingRowsProps,
} from './table';
