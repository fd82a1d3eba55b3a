export { Button } from './button';
export type { ButtonProps } from './button';
export { buttonVariants } from './button-variants';
