export { passwordMigrations } from './migrations';
export { passwordsPlugin } from './plugin';
export { seedPasswords } from './seed';
