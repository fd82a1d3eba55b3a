import type { Database } from '../db/database';

/** The demo users' ids by e-mail. */
export type DemoUserIds = Record<string, number>;

/** A module's demo data, given the demo users' ids by e-mail, written in the seed's transaction. */
export type ModuleSeed = (tx: Database, users: DemoUserIds) => Promise<void>;
