/**
 * A task's files, kept where the chamados keep theirs: the bytes in attachment_blobs / attachment_blob_chunks
 * (256 KB pieces, each its own short statement outside the transaction), the same types (checked by their
 * bytes), limits and multipart field; task_attachments links them. Read back piece by piece.
 */
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
import { sendStoredFile, type ReceivedFile, type StagedFile } from '../../http/stored-files';
import { asUploadError } from '../../http/uploads';

type AttachmentType = (typeof TICKET_ATTACHMENT_TYPES)[number];

export type TaskFile = ReceivedFile<AttachmentType>;
export type StagedTaskFile = StagedFile<AttachmentType>;

const MAX_MEGABYTES = TASK_ATTACHMENT_MAX_BYTES / (1024 * 1024);

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
  return sendStoredFile(db, reply, file);
};
