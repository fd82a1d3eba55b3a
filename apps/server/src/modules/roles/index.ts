export { roleMigrations } from './migrations';
export { rolesPlugin } from './plugin';
