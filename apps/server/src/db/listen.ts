import pg from 'pg';

/** What a `db.listen(channel, handlers)` caller hears. */
export interface ListenHandlers {
  /** The payload of a NOTIFY on the channel, from any process on the database (this one included). */
  onNotify(payload: string): void;
  /**
   * `false` as soon as delivery stops being certain (the listening connection dropped or stopped answering),
   * so notifications may be missed from then on; `true` once it listens again — anything sent in between
   * is lost, so a cache must start over on both.
   */
  onState(live: boolean): void;
}

/** Stops listening. */
export type Unlisten = () => Promise<void>;

/** Channel names are written into LISTEN, so they are plain identifiers. */
export const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export interface PostgresListenOptions {
  /** Wait before connecting again after a drop or a failed attempt. */
  retryMs?: number;
  /** How often the listening connection is asked `SELECT 1`; */
  heartbeatMs?: number;
  /** …and how long it may take to answer before it is taken for dead and replaced. */
  heartbeatTimeoutMs?: number;
  /** Errors of the listening connection (it reconnects by itself); nothing by default. */
  onError?: (error: unknown) => void;
}

/**
 * LISTEN on PostgreSQL through a connection of its own (a pooled one could not keep it): NOTIFY reaches every
 * process on the database within a round trip of the writer's commit. A dropped connection reports
 * `onState(false)` at once and is replaced every `retryMs` until it listens again (`onState(true)`); a
 * connection that stops answering (a silent network failure) is found by the heartbeat and replaced too.
 * Resolves after the first attempt, listening or not.
 */
export const listenPostgres = async (
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
  { retryMs = 1_000, heartbeatMs = 5_000, heartbeatTimeoutMs = 2_000, onError }: PostgresListenOptions = {},
): Promise<Unlisten> => {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    handlers.onState(value);
  };

  const drop = (dead: pg.Client, error?: unknown) => {
    if (client !== dead) return;
    client = null;
    if (error !== undefined) onError?.(error);
    setLive(false);
    dead.removeAllListeners('notification');
    dead.end().catch(() => undefined);
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = null;
        void connect();
      }, retryMs);
      retry.unref();
    }
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({
      connectionString,
      keepAlive: true,
      application_name: `farol listen ${channel}`,
    });
    client = next;
    next.on('error', (error) => drop(next, error));
    next.on('end', () => drop(next));
    next.on('notification', (message) => {
      if (client === next && message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (client === next && !closed) setLive(true);
    } catch (error) {
      drop(next, error);
    }
  };

  const heartbeat = setInterval(() => {
    const current = client;
    if (!current || !live) return;
    const timeout = setTimeout(
      () => drop(current, new Error('listen heartbeat timed out')),
      heartbeatTimeoutMs,
    );
    timeout.unref();
    current.query('SELECT 1').then(
      () => clearTimeout(timeout),
      (error: unknown) => {
        clearTimeout(timeout);
        drop(current, error);
      },
    );
  }, heartbeatMs);
  heartbeat.unref();

  await connect();

  return async () => {
    closed = true;
    clearInterval(heartbeat);
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    if (current) {
      current.removeAllListeners('notification');
      await current.end().catch(() => undefined);
    }
  };
};
