/**
 * A task's files, kept where the chamados keep theirs: the bytes in attachment_blobs / attachment_blob_chunks
 * (256 KB pieces, each its own short statement outside the transaction), the same types (checked by their
 * bytes), limits and multipart field; task_attachments links them. Read back piece by piece.
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  TASK_ATTACHMENT_FIELD,
  TASK_ATTACHMENT_MAX_BYTES,
  TASK_ATTACHMENT_MAX_FILES,
  type TICKET_ATTACHMENT_TYPES,
} from '@farol/data/contract';
import type { Database } from '../../db/database';
import { httpError, notFound, type HttpError } from '../../http/errors';
import { detectFileType } from '../../http/file-type';
import { asUploadError } from '../../http/uploads';

type AttachmentType = (typeof TICKET_ATTACHMENT_TYPES)[number];

export interface TaskFile {
  name: string;
  mimeType: AttachmentType;
  bytes: Buffer;
}

export interface StagedTaskFile {
  name: string;
  mimeType: AttachmentType;
  size: number;
  blobId: number;
}

const CHUNK_BYTES = 256 * 1024;
const MAX_MEGABYTES = TASK_ATTACHMENT_MAX_BYTES / (1024 * 1024);
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

const fileError = (status: 413 | 415 | 400, message: string, detail: string) =>
  httpError(
    status,
    status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'validation_failed',
    message,
    { [TASK_ATTACHMENT_FIELD]: detail },
  );

// eslint-disable-next-line no-control-regex
const HIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const fileName = (filename: string) => {
  const base = filename.split(/[\\/]/).pop() ?? '';
  return [...base.replace(HIDDEN_CHARACTERS, '').trim()].slice(0, 255).join('') || 'anexo';
};

/** The files of a multipart/form-data body (field TASK_ATTACHMENT_FIELD), each checked by size and bytes. */
export const readTaskFiles = async (request: FastifyRequest): Promise<TaskFile[]> => {
  if (!request.isMultipart())
    throw fileError(
      415,
      'Envie os arquivos como multipart/form-data',
      'Envie os arquivos como multipart/form-data',
    );
  const files: TaskFile[] = [];
  let refusal: HttpError | null = null;
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: TASK_ATTACHMENT_MAX_BYTES,
        files: TASK_ATTACHMENT_MAX_FILES,
        fields: 5,
        parts: TASK_ATTACHMENT_MAX_FILES + 6,
      },
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest['parts']>[0])) {
      if (part.type === 'field') continue;
      const bytes = await part.toBuffer();
      if (refusal || (part.filename === '' && bytes.length === 0)) continue;
      const name = fileName(part.filename);
      const type = detectFileType(bytes);
      if (part.fieldname !== TASK_ATTACHMENT_FIELD)
        refusal = fileError(400, 'Dados inválidos', `Envie os arquivos no campo ${TASK_ATTACHMENT_FIELD}`);
      else if (part.file.truncated) {
        const message = `O arquivo "${name}" passa de ${MAX_MEGABYTES} MB`;
        refusal = fileError(413, message, message);
      } else if (!type)
        refusal = fileError(
          415,
          'Anexe imagens (PNG, JPG, GIF, WebP) ou PDF',
          `O arquivo "${name}" não é uma imagem nem um PDF`,
        );
      else files.push({ name, mimeType: type as AttachmentType, bytes });
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_FILES_LIMIT') {
      const message = `Anexe no máximo ${TASK_ATTACHMENT_MAX_FILES} arquivos`;
      throw fileError(413, message, message);
    }
    throw asUploadError(error);
  }
  if (refusal) throw refusal;
  if (files.length === 0) throw fileError(400, 'Dados inválidos', 'Anexe ao menos um arquivo');
  return files;
};

/** Stores the files' bytes in pieces before the transaction (see the chamados' stageFiles). */
export const stageTaskFiles = async (db: Database, files: readonly TaskFile[]): Promise<StagedTaskFile[]> => {
  const staged: StagedTaskFile[] = [];
  try {
    for (const file of files) {
      const { rows } = await db.query<{ id: number }>(
        'INSERT INTO attachment_blobs (size) VALUES ($1) RETURNING id',
        [file.bytes.length],
      );
      const blobId = rows[0]!.id;
      staged.push({ name: file.name, mimeType: file.mimeType, size: file.bytes.length, blobId });
      for (let seq = 0, offset = 0; offset < file.bytes.length; seq += 1, offset += CHUNK_BYTES) {
        await db.query(
          "INSERT INTO attachment_blob_chunks (blob_id, seq, data) VALUES ($1, $2, decode($3, 'base64'))",
          [blobId, seq, file.bytes.subarray(offset, offset + CHUNK_BYTES).toString('base64')],
        );
        await yieldToOthers();
      }
    }
  } catch (error) {
    await discardTaskFiles(db, staged).catch(() => undefined);
    throw error;
  }
  return staged;
};

export const discardTaskFiles = async (db: Database, staged: readonly StagedTaskFile[]) => {
  if (staged.length === 0) return;
  await db.query('DELETE FROM attachment_blobs WHERE id = ANY($1::int[])', [
    staged.map((file) => file.blobId),
  ]);
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

/** Sends one file of a task (the caller checked the task is readable). */
export const sendTaskAttachment = async (
  db: Database,
  reply: FastifyReply,
  taskId: number,
  attachmentId: number,
) => {
  const { rows } = await db.query<{ name: string; mime_type: string; size: number; blob_id: number }>(
    'SELECT name, mime_type, size, blob_id FROM task_attachments WHERE id = $1 AND task_id = $2',
    [attachmentId, taskId],
  );
  const file = rows[0];
  if (!file) throw notFound('Anexo não encontrado');
  void reply
    .header('content-type', file.mime_type)
    .header('content-disposition', `inline; filename*=UTF-8''${encodeRFC5987(file.name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=31536000, immutable');
  if (file.mime_type === 'application/pdf') void reply.header('content-security-policy', 'sandbox');
  return reply.header('content-length', String(file.size)).send(Readable.from(readBlob(db, file.blob_id)));
};
