export { profilePlugin } from './plugin';
