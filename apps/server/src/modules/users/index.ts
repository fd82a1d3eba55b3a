export { userMigrations } from './migrations';
export { usersPlugin } from './plugin';
export { seedUsers } from './seed';
