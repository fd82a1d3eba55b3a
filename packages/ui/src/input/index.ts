export { Input } from './input';
export type { InputProps } from './input';
export { inputVariants } from './input-variants';
