import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Database } from '../../../db/database';
import { keyScope } from '../../../vault/envelope';
import type { Vault } from '../../../vault/vault';

/**
 * How long a recording is kept when its company has no setting of its own (connection_recording_settings):
 * 180 days — long enough to answer "who did what on that server last quarter", short enough that typed
 * secrets in a cast do not live for years (LGPD's necessity principle). The sweep deletes what is past it.
 */
export const DEFAULT_RECORDING_RETENTION_DAYS = 180;
/** A piece of the cast is sealed and written at least this often, or when this much has gathered. */
const FLUSH_INTERVAL_MS = 5_000;
const FLUSH_BYTES = 256 * 1024;
/** An input line longer than this is cut in the search index (the cast keeps it whole). */
const LINE_MAX = 2_000;

const chunkAad = (recordingId: number, seq: number) =>
  `farol:connections:recording|rec:${recordingId}|seq:${seq}`;
const lineAad = (recordingId: number, offset: number) =>
  `farol:connections:recording-line|rec:${recordingId}|t:${offset}`;
const searchKeyAad = (scope: string) => `farol:connections:search-key|${scope}`;

/** What the recorder needs from the server: the database and the vault's envelope. */
export interface RecordingDeps {
  db: Database;
  vault: Vault;
}

/**
 * The search words of a text: lower case, without accents, split on anything but letters, digits and the
 * characters of paths and options (`/ . _ -`), each at most 100 characters.
 */
export const searchWords = (text: string): string[] => {
  const plain = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const words = plain.split(/[^\p{L}\p{N}/._-]+/u).filter((word) => word.length > 0 && word.length <= 100);
  return [...new Set(words)];
};

const searchKeys = new WeakMap<Vault, Map<string, Buffer>>();

/** The company's search key (random, sealed under its data key), made on first use. */
const searchKey = async ({ db, vault }: RecordingDeps, companyId: number | null): Promise<Buffer> => {
  const scope = keyScope(companyId);
  let cache = searchKeys.get(vault);
  if (!cache) searchKeys.set(vault, (cache = new Map()));
  const cached = cache.get(scope);
  if (cached) return cached;
  const read = async () =>
    (
      await db.query<{ sealed: string }>('SELECT sealed FROM connection_recording_keys WHERE scope = $1', [
        scope,
      ])
    ).rows[0]?.sealed;
  let sealed = await read();
  if (!sealed) {
    const fresh = await vault.sealIn(scope, searchKeyAad(scope), randomBytes(32).toString('base64'));
    await db.query(
      'INSERT INTO connection_recording_keys (scope, sealed) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [scope, fresh],
    );
    sealed = (await read())!;
  }
  const key = Buffer.from(await vault.openIn(scope, searchKeyAad(scope), sealed), 'base64');
  cache.set(scope, key);
  return key;
};

/** The blind index of words: an HMAC of each under the company's search key (hex, 128 bits). */
const blindWords = (key: Buffer, words: readonly string[]) =>
  words.map((word) => createHmac('sha256', key).update(word).digest('hex').slice(0, 32));

/**
 * Turns what a person types into lines: Enter ends a line; backspace removes the last character; Ctrl-C and
 * Ctrl-U drop the line; escape sequences (arrows, function keys) are skipped. What a shell's history or
 * completion changes on screen is not seen here: the index is of keystrokes, the cast has the screen.
 */
/**
 * A prompt asking for a secret at the end of the output: sudo's "[sudo] password for ana:", "Senha:",
 * "Enter passphrase for key …:", "Verification code:". What is typed after it is not echoed by the remote side
 * and must not end up in the recording or its search index either.
 */
const SECRET_PROMPT =
  /(password|passphrase|passcode|senha|contrase[ñn]a|\bpin\b|token|otp|verification code|c[óo]digo)[^\n]*[:?]\s*$/i;
// eslint-disable-next-line no-control-regex -- the escape sequences a terminal's output carries
const ESCAPES = /\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])/g;
const PROMPT_TAIL = 256;

/**
 * Keeps typed secrets out of a recording: after output that ends with a secret prompt, what is typed up to
 * Enter is left out (Enter itself is kept, so the replay still moves on). Input otherwise passes unchanged.
 */
export class SecretInputFilter {
  private tail = '';
  private secret = false;

  output(text: string) {
    this.tail = (this.tail + text).slice(-PROMPT_TAIL * 4);
    const lastLine =
      this.tail
        .replace(ESCAPES, '')
        .split(/\r?\n|\r(?!$)/)
        .at(-1) ?? '';
    this.secret = SECRET_PROMPT.test(lastLine.slice(-PROMPT_TAIL));
  }

  /** The part of `text` that may be recorded. */
  input(text: string): string {
    if (!this.secret) return text;
    const end = text.search(/[\r\n]/);
    if (end < 0) return '';
    this.secret = false;
    this.tail = '';
    return text.slice(end);
  }
}

export class InputLines {
  private buffer = '';
  private startedAt: number | null = null;
  private escape = 0;

  constructor(private readonly onLine: (line: string, at: number) => void) {}

  push(text: string, at: number) {
    for (const char of text) {
      if (this.escape === 1) {
        this.escape = char === '[' || char === 'O' ? 2 : 0;
        continue;
      }
      if (this.escape === 2) {
        if (char >= '@' && char <= '~') this.escape = 0;
        continue;
      }
      if (char === '\x1b') {
        this.escape = 1;
        continue;
      }
      if (char === '\r' || char === '\n') {
        const line = this.buffer.trim();
        if (line !== '') this.onLine(line.slice(0, LINE_MAX), this.startedAt ?? at);
        this.buffer = '';
        this.startedAt = null;
        continue;
      }
      if (char === '\x7f' || char === '\b') {
        this.buffer = [...this.buffer].slice(0, -1).join('');
        continue;
      }
      if (char === '\x03' || char === '\x15') {
        this.buffer = '';
        this.startedAt = null;
        continue;
      }
      if (char < ' ') continue;
      if (this.startedAt === null) this.startedAt = at;
      this.buffer += char;
    }
  }
}

export interface RecorderStart {
  sessionId: number;
  companyId: number | null;
  cols: number;
  rows: number;
  term: string;
  title: string;
}

export interface Recorder {
  readonly recordingId: number;
  output(text: string): void;
  input(text: string): void;
  /** Writes what is left and closes the recording; the cast's size and sha256 are kept. */
  finish(): Promise<void>;
  /** Called when a write failed (an obligatory recording ends its session). */
  onFailure(listener: (error: unknown) => void): void;
}

/** The retention date of a recording started now for this company. */
const retainUntil = async (db: Database, companyId: number | null): Promise<Date> => {
  const days =
    companyId === null
      ? DEFAULT_RECORDING_RETENTION_DAYS
      : ((
          await db.query<{ retention_days: number }>(
            'SELECT retention_days FROM connection_recording_settings WHERE company_id = $1',
            [companyId],
          )
        ).rows[0]?.retention_days ?? DEFAULT_RECORDING_RETENTION_DAYS);
  return new Date(Date.now() + days * 86_400_000);
};

/**
 * Starts an asciicast v2 recording of a session: the header is sealed and written before this resolves (so
 * an obligatory recording refuses the session when it cannot be written), then `[t,"o",data]` and
 * `[t,"i",data]` events gather and are sealed in pieces under the company's data key.
 */
export const startRecording = async (deps: RecordingDeps, start: RecorderStart): Promise<Recorder> => {
  const { db, vault } = deps;
  const scope = keyScope(start.companyId);
  const key = await searchKey(deps, start.companyId);
  const until = await retainUntil(db, start.companyId);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO connection_recordings (session_id, company_id, retain_until) VALUES ($1, $2, $3) RETURNING id`,
    [start.sessionId, start.companyId, until],
  );
  const recordingId = rows[0]!.id;
  const startedAt = Date.now();
  const header = `${JSON.stringify({
    version: 2,
    width: start.cols,
    height: start.rows,
    timestamp: Math.floor(startedAt / 1000),
    env: { TERM: start.term },
    title: start.title,
  })}\n`;
  const hash = createHash('sha256');
  let size = 0;
  let seq = 0;
  let pending: string[] = [];
  let pendingBytes = 0;
  let lines: { line: string; at: number }[] = [];
  let writing: Promise<void> = Promise.resolve();
  let failed = false;
  let finished = false;
  const listeners: ((error: unknown) => void)[] = [];

  const writeChunk = async (text: string, lineBatch: { line: string; at: number }[]) => {
    const mySeq = seq++;
    const sealed = await vault.sealIn(scope, chunkAad(recordingId, mySeq), text);
    await db.query(
      'INSERT INTO connection_recording_chunks (recording_id, seq, sealed) VALUES ($1, $2, $3)',
      [recordingId, mySeq, sealed],
    );
    for (const { line, at } of lineBatch) {
      const offset = Math.round(((at - startedAt) / 1000) * 1000) / 1000;
      await db.query(
        `INSERT INTO connection_recording_lines (recording_id, session_id, company_id, offset_seconds, line_sealed, words)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          recordingId,
          start.sessionId,
          start.companyId,
          offset,
          await vault.sealIn(scope, lineAad(recordingId, offset), line),
          blindWords(key, searchWords(line)),
        ],
      );
    }
  };

  // The header goes first and must be written: an obligatory recording depends on this succeeding.
  hash.update(header);
  size += Buffer.byteLength(header);
  await writeChunk(header, []);

  const flush = () => {
    if (pending.length === 0 && lines.length === 0) return writing;
    const text = pending.join('');
    const batch = lines;
    pending = [];
    pendingBytes = 0;
    lines = [];
    writing = writing
      .then(() => (failed ? undefined : writeChunk(text, batch)))
      .catch((error: unknown) => {
        if (failed) return;
        failed = true;
        for (const listener of listeners) listener(error);
      });
    return writing;
  };
  const timer = setInterval(() => void flush(), FLUSH_INTERVAL_MS);
  timer.unref();

  const inputLines = new InputLines((line, at) => lines.push({ line, at }));
  const secrets = new SecretInputFilter();

  const event = (kind: 'o' | 'i', text: string) => {
    if (finished || failed) return;
    const line = `${JSON.stringify([Math.round((Date.now() - startedAt) * 1000) / 1_000_000, kind, text])}\n`;
    hash.update(line);
    size += Buffer.byteLength(line);
    pending.push(line);
    pendingBytes += line.length;
    if (pendingBytes >= FLUSH_BYTES) void flush();
  };

  return {
    recordingId,
    output(text) {
      secrets.output(text);
      event('o', text);
    },
    input(text) {
      const recorded = secrets.input(text);
      if (!recorded) return;
      event('i', recorded);
      inputLines.push(recorded, Date.now());
    },
    async finish() {
      if (finished) return;
      finished = true;
      clearInterval(timer);
      await flush();
      await db.query(
        `UPDATE connection_recordings
            SET status = $2, ended_at = now(), duration_seconds = $3, size_bytes = $4, sha256 = $5, chunk_count = $6
          WHERE id = $1`,
        [
          recordingId,
          failed ? 'falhou' : 'concluida',
          (Date.now() - startedAt) / 1000,
          size,
          hash.digest('hex'),
          seq,
        ],
      );
    },
    onFailure(listener) {
      listeners.push(listener);
    },
  };
};

export interface StoredRecording {
  id: number;
  sessionId: number;
  companyId: number | null;
  status: string;
  sha256: string | null;
  sizeBytes: number;
  cast: string;
}

/** A session's recording opened and joined back into its cast, or null when it has none. */
export const readRecording = async (
  { db, vault }: RecordingDeps,
  sessionId: number,
): Promise<StoredRecording | null> => {
  const { rows } = await db.query<{
    id: number;
    company_id: number | null;
    status: string;
    sha256: string | null;
    size_bytes: string | number;
  }>('SELECT id, company_id, status, sha256, size_bytes FROM connection_recordings WHERE session_id = $1', [
    sessionId,
  ]);
  const row = rows[0];
  if (!row) return null;
  const scope = keyScope(row.company_id);
  const chunks = await db.query<{ seq: number; sealed: string }>(
    'SELECT seq, sealed FROM connection_recording_chunks WHERE recording_id = $1 ORDER BY seq',
    [row.id],
  );
  const parts: string[] = [];
  for (const chunk of chunks.rows)
    parts.push(await vault.openIn(scope, chunkAad(row.id, chunk.seq), chunk.sealed));
  return {
    id: row.id,
    sessionId,
    companyId: row.company_id,
    status: row.status,
    sha256: row.sha256,
    sizeBytes: Number(row.size_bytes),
    cast: parts.join(''),
  };
};

export interface LineHit {
  sessionId: number;
  connectionId: number;
  companyId: number | null;
  userId: number | null;
  offsetSeconds: number;
  line: string;
  startedAt: string;
}

/**
 * Input lines holding every word of `q`, newest sessions first, within `companies` (null: every company).
 * Each company's words are matched through its own blind index, then the lines are opened to be shown.
 */
export const searchRecordingLines = async (
  deps: RecordingDeps,
  q: string,
  scopeSql: (params: unknown[], column: string) => string,
  limit: number,
): Promise<LineHit[]> => {
  const words = searchWords(q);
  if (words.length === 0) return [];
  const { db, vault } = deps;
  // The companies that have recordings the caller reaches; each has its own search key.
  const params: unknown[] = [];
  const where = scopeSql(params, 'r.company_id');
  const companies = await db.query<{ company_id: number | null }>(
    `SELECT DISTINCT r.company_id FROM connection_recordings r WHERE ${where}`,
    params,
  );
  const hits: LineHit[] = [];
  for (const { company_id: companyId } of companies.rows) {
    const key = await searchKey(deps, companyId);
    const { rows } = await db.query<{
      recording_id: number;
      session_id: number;
      connection_id: number;
      user_id: number | null;
      offset_seconds: number;
      line_sealed: string;
      started_at: Date | string;
    }>(
      `SELECT l.recording_id, l.session_id, s.connection_id, s.user_id, l.offset_seconds, l.line_sealed, r.started_at
         FROM connection_recording_lines l
         JOIN connection_recordings r ON r.id = l.recording_id
         JOIN connection_sessions s ON s.id = l.session_id
        WHERE l.words @> $1::text[] AND l.company_id IS NOT DISTINCT FROM $2
        ORDER BY r.started_at DESC, l.offset_seconds
        LIMIT $3`,
      [blindWords(key, words), companyId, limit],
    );
    const scope = keyScope(companyId);
    for (const row of rows) {
      const offset = Number(row.offset_seconds);
      hits.push({
        sessionId: row.session_id,
        connectionId: row.connection_id,
        companyId,
        userId: row.user_id,
        offsetSeconds: offset,
        line: await vault.openIn(scope, lineAad(row.recording_id, offset), row.line_sealed),
        startedAt: new Date(row.started_at).toISOString(),
      });
    }
  }
  return hits
    .sort((a, b) => b.startedAt.localeCompare(a.startedAt) || a.offsetSeconds - b.offsetSeconds)
    .slice(0, limit);
};

/** Deletes recordings past their retention date; answers how many. */
export const purgeExpiredRecordings = async (db: Database): Promise<number> => {
  const { rows } = await db.query(
    'DELETE FROM connection_recordings WHERE retain_until <= now() RETURNING id',
  );
  return rows.length;
};
