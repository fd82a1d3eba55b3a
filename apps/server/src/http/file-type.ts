import type { PROFILE_PICTURE_TYPES, TICKET_ATTACHMENT_TYPES } from '@farol/data/contract';

export type PictureType = (typeof PROFILE_PICTURE_TYPES)[number];
/** Every type the server recognises by its bytes: the pictures' images plus PDF. */
export type DetectedFileType = PictureType | (typeof TICKET_ATTACHMENT_TYPES)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The type the bytes really are (magic numbers), whatever the upload claims; null when not recognised. */
export const detectFileType = (bytes: Uint8Array): DetectedFileType | null => {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return null;
};

/** The image type the bytes really are; a PDF (or anything else) is not a picture. */
export const detectImageType = (bytes: Uint8Array): PictureType | null => {
  const type = detectFileType(bytes);
  return type === 'application/pdf' ? null : type;
};
