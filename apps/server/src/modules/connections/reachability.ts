/**
 * The list's status dot (issue 15): every few minutes, a TCP connect to each connection's host and port with a
 * timeout — no credentials, no protocol spoken — a few at a time, the verdict stored on the connection. Targets
 * the egress policy refuses are not probed (they stay "desconhecido"). It never runs inside a request.
 */
import { Socket } from 'node:net';
import type { ConnectionReachabilityState } from '@farol/data/contract';
import type { Database } from '../../db/database';
import { checkTarget, loadTargetPolicy, type Resolver, systemResolver } from './target-policy';

export interface ReachabilityOptions {
  db: Database;
  ownPorts: () => readonly number[];
  /** Between sweeps (5 minutes by default). */
  intervalMs?: number;
  timeoutMs?: number;
  concurrency?: number;
  resolve?: Resolver;
  log: { warn(obj: object, msg?: string): void };
}

/** Whether a TCP connection to host:port opens within the timeout. */
export const probeTcp = (host: string, port: number, timeoutMs: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, host, () => done(true));
  });

export interface Reachability {
  /** One sweep over every connection (or those given); resolves when it is done. */
  sweep(ids?: readonly number[]): Promise<void>;
  start(): void;
  stop(): void;
}

export const createReachability = ({
  db,
  ownPorts,
  intervalMs = 5 * 60_000,
  timeoutMs = 3_000,
  concurrency = 4,
  resolve = systemResolver,
  log,
}: ReachabilityOptions): Reachability => {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const probe = async (row: { id: number; host: string; port: number; company_id: number | null }) => {
    let state: ConnectionReachabilityState = 'desconhecido';
    const verdict = await checkTarget(row, await loadTargetPolicy(db, row.company_id, ownPorts()), resolve);
    if (verdict.ok)
      state = (await probeTcp(verdict.addresses[0]!, row.port, timeoutMs)) ? 'online' : 'offline';
    else if (verdict.code === 'unresolved') state = 'offline';
    if (stopped) return;
    await db.query('UPDATE connections SET reach_state = $2, reach_checked_at = now() WHERE id = $1', [
      row.id,
      state,
    ]);
  };

  const sweep = async (ids?: readonly number[]) => {
    const { rows } = await db.query<{ id: number; host: string; port: number; company_id: number | null }>(
      `SELECT id, host, port, company_id FROM connections
        WHERE archived_at IS NULL AND ($1::int[] IS NULL OR id = ANY ($1::int[])) ORDER BY id`,
      [ids ?? null],
    );
    let next = 0;
    const worker = async () => {
      while (!stopped && next < rows.length) {
        const row = rows[next++]!;
        try {
          await probe(row);
        } catch (err) {
          log.warn({ err, connectionId: row.id }, 'connections: reachability check failed');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, worker));
  };

  const tick = () => {
    if (running) return;
    running = sweep().finally(() => {
      running = null;
    });
  };

  return {
    sweep,
    start() {
      stopped = false;
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      setTimeout(tick, 5_000).unref();
    },
    stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
};
