export { Header } from './header';
export type { HeaderProps, HeaderUser } from './header';
