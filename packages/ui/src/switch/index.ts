export { Switch, switchVariants } from './switch';
export type { SwitchProps } from './switch';
