export { cn } from './lib/cn';
