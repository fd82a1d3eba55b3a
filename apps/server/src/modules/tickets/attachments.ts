import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TICKET_ATTACHMENT_TYPES } from '@farol/data/contract';
import {
  TICKET_ATTACHMENT_FIELD,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_FILES,
  type TicketAttachment,
} from '@farol/data/contract';
import type { Database } from '../../db/database';
import { detectFileType } from '../../http/file-type';
import { httpError, notFound, type HttpError } from '../../http/errors';
import {
  discardStaged,
  sendStoredFile,
  stageFiles as stageStoredFiles,
  type ReceivedFile,
  type StagedFile as StoredStagedFile,
} from '../../http/stored-files';
import { asUploadError, type UploadSlots } from '../../http/uploads';

export type TicketAttachmentType = (typeof TICKET_ATTACHMENT_TYPES)[number];

/** A file received with a new ticket or a message, already checked (size, type by its bytes). */
export type UploadedFile = ReceivedFile<TicketAttachmentType>;

/** A received file whose bytes are already stored in pieces (stageFiles), waiting to be linked to its chamado. */
export type StagedFile = StoredStagedFile<TicketAttachmentType>;

/** A request's fields (JSON body or multipart text fields) and its files (none for JSON). */
export interface TicketForm {
  fields: unknown;
  files: UploadedFile[];
}

const MAX_MEGABYTES = TICKET_ATTACHMENT_MAX_BYTES / (1024 * 1024);
const TYPES_HINT = 'Anexe imagens (PNG, JPG, GIF, WebP) ou PDF';
const MULTIPART_OPTIONS = {
  // Room for every form field plus one file over the limit, so busboy reports the files limit first.
  limits: {
    fileSize: TICKET_ATTACHMENT_MAX_BYTES,
    files: TICKET_ATTACHMENT_MAX_FILES,
    fields: 20,
    parts: TICKET_ATTACHMENT_MAX_FILES + 21,
  },
  // Read an oversized file to its (truncated) end and refuse it by name, instead of failing the stream.
  // The plugin honours it per call, though its type for parts() leaves it out.
  throwFileSizeLimit: false,
};

const fileError = (status: 413 | 415, message: string, detail: string) =>
  httpError(status, status === 413 ? 'payload_too_large' : 'unsupported_media_type', message, {
    [TICKET_ATTACHMENT_FIELD]: detail,
  });

const tooLarge = (name: string) => {
  const message = `O arquivo "${name}" passa de ${MAX_MEGABYTES} MB`;
  return fileError(413, message, message);
};
const tooMany = () => {
  const message = `Anexe no máximo ${TICKET_ATTACHMENT_MAX_FILES} arquivos`;
  return fileError(413, message, message);
};
const unsupported = (name: string) =>
  fileError(415, TYPES_HINT, `O arquivo "${name}" não é uma imagem (PNG, JPG, GIF, WebP) nem um PDF`);

/**
 * Control characters, and the bidirectional controls that make a name display other than it reads
 * ("fatura\u202Efdp.exe" shows as "fatura" + "exe.pdf"): embeddings, overrides, isolates and marks.
 */
// eslint-disable-next-line no-control-regex
const HIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The file's own name without any folder, control characters or excess length; 'anexo' when nothing is left. */
const attachmentName = (filename: string) => {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(HIDDEN_CHARACTERS, '').trim();
  return [...clean].slice(0, 255).join('') || 'anexo';
};

const isFilesLimit = (error: unknown) => (error as { code?: unknown }).code === 'FST_FILES_LIMIT';

/**
 * The fields and files of a ticket write. JSON passes through as it came; multipart/form-data gives its text
 * fields (empty ones dropped, `booleanFields` 'true'/'false' as booleans) and its files in
 * TICKET_ATTACHMENT_FIELD, each checked by size and by its bytes. Every part is read to the end before a
 * refusal is answered, so the client is never cut off mid-upload.
 */
export const readTicketForm = async (
  request: FastifyRequest,
  booleanFields: readonly string[] = [],
): Promise<TicketForm> => {
  if (!request.isMultipart()) return { fields: request.body, files: [] };
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  let refusal: HttpError | null = null;
  try {
    for await (const part of request.parts(MULTIPART_OPTIONS)) {
      if (part.type === 'field') {
        const value = part.value;
        if (value === '') continue;
        fields[part.fieldname] =
          booleanFields.includes(part.fieldname) && (value === 'true' || value === 'false')
            ? value === 'true'
            : value;
        continue;
      }
      const bytes = await part.toBuffer();
      // A browser sends an empty file input as a nameless, empty file.
      if (refusal || (part.filename === '' && bytes.length === 0)) continue;
      const name = attachmentName(part.filename);
      const type = detectFileType(bytes);
      if (part.fieldname !== TICKET_ATTACHMENT_FIELD) {
        refusal = httpError(400, 'validation_failed', 'Dados inválidos', {
          [part.fieldname]: `Envie os arquivos no campo ${TICKET_ATTACHMENT_FIELD}`,
        });
      } else if (part.file.truncated) refusal = tooLarge(name);
      else if (!type) refusal = unsupported(name);
      else files.push({ name, mimeType: type, bytes });
    }
  } catch (error) {
    if (isFilesLimit(error)) throw tooMany();
    throw asUploadError(error);
  }
  if (refusal) throw refusal;
  return { fields, files };
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The files of a multipart ticket write, read by `readFormFiles` (null: none were sent). */
    ticketFiles: UploadedFile[] | null;
    /** Gives back the upload slot a multipart write holds until it is answered (null: holds none). */
    releaseUploadSlot: (() => void) | null;
  }
}

/**
 * preValidation of the routes that take files: a multipart form becomes the request's body (its text
 * fields, for the route's body schema to validate like JSON) and `request.ticketFiles`. JSON passes as it is.
 * A multipart write first waits for one of `slots` and keeps it until it is answered (uploadSlotHooks), so
 * reading and storing big uploads never runs more than a few at a time.
 */
export const readFormFiles =
  (slots: UploadSlots, booleanFields: readonly string[] = []) =>
  async (request: FastifyRequest) => {
    if (!request.isMultipart()) return;
    request.releaseUploadSlot = await slots.acquire();
    const { fields, files } = await readTicketForm(request, booleanFields);
    request.body = fields;
    request.ticketFiles = files;
  };

const releaseUploadSlot = async (request: FastifyRequest) => request.releaseUploadSlot?.();

/** The route hooks that give the slot back once the write is answered, or its client went away. */
export const uploadSlotHooks = { onResponse: releaseUploadSlot, onRequestAbort: releaseUploadSlot };

/**
 * Deletes stored files that no attachment refers to (a failed write, a deleted chamado) after an hour. The
 * tasks module keeps its files in the same pieces (task_attachments), so those are kept too.
 */
const deleteOrphanBlobs = (db: Database) =>
  db.query(
    `DELETE FROM attachment_blobs b WHERE b.created_at < now() - interval '1 hour'
       AND NOT EXISTS (SELECT 1 FROM ticket_attachments a WHERE a.blob_id = b.id)
       AND NOT EXISTS (SELECT 1 FROM task_attachments a WHERE a.blob_id = b.id)`,
  );

export { discardStaged };

/** Stores the files' pieces (see http/stored-files.ts), trimming forgotten ones now and then. */
export const stageFiles = async (db: Database, files: readonly UploadedFile[]): Promise<StagedFile[]> => {
  const staged = await stageStoredFiles(db, files);
  // Trimmed now and then rather than by a scheduler.
  if (staged.length > 0 && Math.random() < 0.05) await deleteOrphanBlobs(db).catch(() => undefined);
  return staged;
};

export const attachmentUrl = (ticketId: number, attachmentId: number) =>
  `/api/tickets/${ticketId}/attachments/${attachmentId}`;

interface AttachmentRow {
  id: number;
  message_id: number | null;
  name: string;
  mime_type: TicketAttachmentType;
  size: number;
}

const toAttachment = (ticketId: number, row: AttachmentRow): TicketAttachment => ({
  id: row.id,
  name: row.name,
  mime_type: row.mime_type,
  size: row.size,
  url: attachmentUrl(ticketId, row.id),
});

/**
 * Stores files for a ticket's opening (`messageId` null) or one message; answers them as the wire shows them.
 * Staged files (uploads) are only linked; a file with its bytes (the demo seed) is stored whole.
 */
export const insertAttachments = async (
  tx: Database,
  ticketId: number,
  messageId: number | null,
  uploaderId: number,
  files: readonly (UploadedFile | StagedFile)[],
): Promise<TicketAttachment[]> => {
  const stored: TicketAttachment[] = [];
  for (const file of files) {
    if ('blobId' in file) {
      const { rows } = await tx.query<AttachmentRow>(
        `INSERT INTO ticket_attachments (ticket_id, message_id, name, mime_type, size, blob_id, uploaded_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING id, message_id, name, mime_type, size`,
        [ticketId, messageId, file.name, file.mimeType, file.size, file.blobId, uploaderId],
      );
      stored.push(toAttachment(ticketId, rows[0]!));
      continue;
    }
    const { rows } = await tx.query<AttachmentRow>(
      `INSERT INTO ticket_attachments (ticket_id, message_id, name, mime_type, size, data, uploaded_by)
       VALUES ($1, $2, $3, $4, $5, decode($6, 'base64'), $7)
       RETURNING id, message_id, name, mime_type, size`,
      // bytea crosses the driver as base64 text: PGlite's binary parameter path is much slower.
      [
        ticketId,
        messageId,
        file.name,
        file.mimeType,
        file.bytes.length,
        file.bytes.toString('base64'),
        uploaderId,
      ],
    );
    stored.push(toAttachment(ticketId, rows[0]!));
  }
  return stored;
};

/** The files sent with the ticket's opening description. */
export const openingAttachments = async (db: Database, ticketId: number): Promise<TicketAttachment[]> => {
  const { rows } = await db.query<AttachmentRow>(
    `SELECT id, message_id, name, mime_type, size FROM ticket_attachments
     WHERE ticket_id = $1 AND message_id IS NULL ORDER BY id`,
    [ticketId],
  );
  return rows.map((row) => toAttachment(ticketId, row));
};

/** Every message's files by message id; the caller shows only those of the messages it may see. */
export const messageAttachments = async (
  db: Database,
  ticketId: number,
): Promise<Map<number, TicketAttachment[]>> => {
  const { rows } = await db.query<AttachmentRow>(
    `SELECT id, message_id, name, mime_type, size FROM ticket_attachments
     WHERE ticket_id = $1 AND message_id IS NOT NULL ORDER BY id`,
    [ticketId],
  );
  const byMessage = new Map<number, TicketAttachment[]>();
  for (const row of rows) {
    const list = byMessage.get(row.message_id!) ?? [];
    list.push(toAttachment(ticketId, row));
    byMessage.set(row.message_id!, list);
  }
  return byMessage;
};

/**
 * Sends one file of a ticket the caller may read (the caller checks that). A file on an internal note does
 * not exist for someone who may not see internal notes.
 */
export const sendAttachment = async (
  db: Database,
  reply: FastifyReply,
  ticketId: number,
  attachmentId: number,
  { includeInternal }: { includeInternal: boolean },
) => {
  const { rows } = await db.query<{
    name: string;
    mime_type: TicketAttachmentType;
    size: number;
    blob_id: number | null;
    data: string | null;
  }>(
    `SELECT a.name, a.mime_type, a.size, a.blob_id,
            CASE WHEN a.blob_id IS NULL THEN encode(a.data, 'base64') END AS data
     FROM ticket_attachments a LEFT JOIN ticket_messages m ON m.id = a.message_id
     WHERE a.id = $1 AND a.ticket_id = $2 AND ($3 OR m.internal IS NOT TRUE)`,
    [attachmentId, ticketId, includeInternal],
  );
  const file = rows[0];
  if (!file) throw notFound('Anexo não encontrado');
  return sendStoredFile(db, reply, file);
};
