import type { Migration } from '../../../db/migration';
import { migration043Connections } from './043-connections';
import { migration044ConnectionRecordings } from './044-connection-recordings';

export const connectionMigrations: Migration[] = [migration043Connections, migration044ConnectionRecordings];
