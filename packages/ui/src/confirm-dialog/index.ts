export { ConfirmDialog } from './confirm-dialog';
export type { ConfirmDialogProps } from './confirm-dialog';
export { useConfirmAction } from './use-confirm-action';
export type { ConfirmActionState } from './use-confirm-action';
