export { configPlugin } from './plugin';
