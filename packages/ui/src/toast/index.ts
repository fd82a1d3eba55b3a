export { Toaster, toast } from './toast';
export type { ToasterProps, ToastOptions } from './toast';
