export { usersPlugin } from './plugin';
