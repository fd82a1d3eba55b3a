import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Database } from '../db/database';

/**
 * Files kept in the database in pieces (`attachment_blobs` and `attachment_blob_chunks`, migration 012): the
 * one store behind the chamados' and the tasks' attachments. Modules link a stored file to their own rows.
 */

/** A received file, already checked (size, type by its bytes). */
export interface ReceivedFile<Type extends string = string> {
  name: string;
  mimeType: Type;
  bytes: Buffer;
}

/** A received file whose bytes are stored (stageFiles), waiting to be linked by its module's transaction. */
export interface StagedFile<Type extends string = string> {
  name: string;
  mimeType: Type;
  size: number;
  blobId: number;
}

/** Bytes per stored piece of a file: a statement this size takes a few tens of milliseconds on PGlite. */
export const ATTACHMENT_CHUNK_BYTES = 256 * 1024;

/** Lets requests waiting on the event loop (and their queries) run between two pieces. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Forgets files stored for a write that failed. */
export const discardStaged = async (db: Database, staged: readonly StagedFile[]) => {
  if (staged.length === 0) return;
  await db.query('DELETE FROM attachment_blobs WHERE id = ANY($1::int[])', [
    staged.map((file) => file.blobId),
  ]);
};

/**
 * Stores the files' bytes in ATTACHMENT_CHUNK_BYTES pieces, each its own short statement with a turn of the
 * event loop between, outside any transaction: the module's transaction then only links them. However big
 * the upload, the database (and PGlite's one thread) is never held for more than one piece, so other
 * requests are answered in between.
 */
export const stageFiles = async <Type extends string>(
  db: Database,
  files: readonly ReceivedFile<Type>[],
): Promise<StagedFile<Type>[]> => {
  const staged: StagedFile<Type>[] = [];
  try {
    for (const file of files) {
      const { rows } = await db.query<{ id: number }>(
        'INSERT INTO attachment_blobs (size) VALUES ($1) RETURNING id',
        [file.bytes.length],
      );
      const blobId = rows[0]!.id;
      staged.push({ name: file.name, mimeType: file.mimeType, size: file.bytes.length, blobId });
      for (let seq = 0, offset = 0; offset < file.bytes.length; seq += 1, offset += ATTACHMENT_CHUNK_BYTES) {
        const piece = file.bytes.subarray(offset, offset + ATTACHMENT_CHUNK_BYTES);
        // bytea crosses the driver as base64 text: PGlite's binary parameter path is much slower.
        await db.query(
          "INSERT INTO attachment_blob_chunks (blob_id, seq, data) VALUES ($1, $2, decode($3, 'base64'))",
          [blobId, seq, piece.toString('base64')],
        );
        await yieldToOthers();
      }
    }
  } catch (error) {
    await discardStaged(db, staged).catch(() => undefined);
    throw error;
  }
  return staged;
};

const encodeRFC5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

async function* readBlob(db: Database, blobId: number): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq += 1) {
    const { rows } = await db.query<{ data: string }>(
      "SELECT encode(data, 'base64') AS data FROM attachment_blob_chunks WHERE blob_id = $1 AND seq = $2",
      [blobId, seq],
    );
    if (!rows[0]) return;
    yield Buffer.from(rows[0].data, 'base64');
    await yieldToOthers();
  }
}

/** What a module found for the file it may send: its stored pieces, or (older chamado files) inline bytes. */
export interface StoredFileRow {
  name: string;
  mime_type: string;
  size: number;
  blob_id: number | null;
  /** base64 of the inline bytes when blob_id is null. */
  data?: string | null;
}

/** Sends a stored file inline with the headers every attachment gets (the caller checked who may read it). */
export const sendStoredFile = (db: Database, reply: FastifyReply, file: StoredFileRow) => {
  void reply
    .header('content-type', file.mime_type)
    .header('content-disposition', `inline; filename*=UTF-8''${encodeRFC5987(file.name)}`)
    .header('x-content-type-options', 'nosniff')
    // An attachment never changes (a new file is a new id); only this user's browser may keep it.
    .header('cache-control', 'private, max-age=31536000, immutable');
  // A PDF opens in the browser's viewer: sandboxed, its scripts and forms cannot act as the portal's origin.
  if (file.mime_type === 'application/pdf') void reply.header('content-security-policy', 'sandbox');
  if (file.blob_id === null) return reply.send(Buffer.from(file.data ?? '', 'base64'));
  // Read piece by piece, like it was written, so a big file never holds the database for long.
  return reply.header('content-length', String(file.size)).send(Readable.from(readBlob(db, file.blob_id)));
};
