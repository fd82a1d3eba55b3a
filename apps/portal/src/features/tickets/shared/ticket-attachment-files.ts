import {
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_FILES,
  TICKET_ATTACHMENT_TYPES,
} from '@farol/data/tickets';

const ALLOWED_TYPES = new Set<string>(TICKET_ATTACHMENT_TYPES);
/** Some systems hand over files without a MIME type; the extension then decides (the server checks the bytes). */
const ALLOWED_EXTENSIONS = /\.(png|jpe?g|gif|webp|pdf)$/i;

const sizeFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** "512 B", "120 KB", "1,5 MB" — how people read a file's size. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}

export const ATTACHMENT_MAX_SIZE_LABEL = formatFileSize(TICKET_ATTACHMENT_MAX_BYTES);

/** What the chooser offers (the `accept` attribute). */
export const ATTACHMENT_ACCEPT = TICKET_ATTACHMENT_TYPES.join(',');

export const ATTACHMENT_HINT = `Imagens (PNG, JPEG, GIF, WebP) ou PDF, até ${ATTACHMENT_MAX_SIZE_LABEL} cada, no máximo ${TICKET_ATTACHMENT_MAX_FILES} arquivos.`;

interface FileLike {
  name: string;
  size: number;
  type: string;
  lastModified: number;
}

const isAllowedType = (file: FileLike) =>
  file.type ? ALLOWED_TYPES.has(file.type) : ALLOWED_EXTENSIONS.test(file.name);

const sameFile = (a: FileLike, b: FileLike) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/** Why one file cannot be attached, or null when it can. */
export function attachmentRefusal(file: FileLike): string | null {
  if (!isAllowedType(file)) return `${file.name}: tipo de arquivo não permitido (use imagens ou PDF).`;
  if (file.size > TICKET_ATTACHMENT_MAX_BYTES)
    return `${file.name}: arquivo maior que ${ATTACHMENT_MAX_SIZE_LABEL}.`;
  if (file.size === 0) return `${file.name}: o arquivo está vazio.`;
  return null;
}

/**
 * The files chosen so far plus new ones: valid files join (a file already there is not added twice) up to
 * TICKET_ATTACHMENT_MAX_FILES; every refused file gets its reason, in Portuguese.
 */
export function addAttachmentFiles<F extends FileLike>(
  current: readonly F[],
  incoming: readonly F[],
): { files: F[]; refusals: string[] } {
  const files = [...current];
  const refusals: string[] = [];
  const overLimit: string[] = [];
  for (const file of incoming) {
    const refusal = attachmentRefusal(file);
    if (refusal) refusals.push(refusal);
    else if (files.some((kept) => sameFile(kept, file))) continue;
    else if (files.length >= TICKET_ATTACHMENT_MAX_FILES) overLimit.push(file.name);
    else files.push(file);
  }
  if (overLimit.length > 0) {
    refusals.push(
      `No máximo ${TICKET_ATTACHMENT_MAX_FILES} arquivos por envio: ${overLimit.join(', ')} não ${
        overLimit.length === 1 ? 'foi anexado' : 'foram anexados'
      }.`,
    );
  }
  return { files, refusals };
}
