export { Textarea, textareaVariants } from './textarea';
export type { TextareaProps } from './textarea';
export { autoGrowHeight, useAutoGrow } from './use-auto-grow';
