import { TICKET_ATTACHMENT_MAX_BYTES, TICKET_ATTACHMENT_MAX_FILES } from '@farol/data/tickets';
import { describe, expect, it } from 'vitest';
import { addAttachmentFiles, attachmentRefusal, formatFileSize } from './ticket-attachment-files';

const file = (name: string, size: number, type: string, lastModified = 1) => ({
  name,
  size,
  type,
  lastModified,
});

describe('formatFileSize', () => {
  it('reads bytes, kilobytes and megabytes the Brazilian way', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(120 * 1024)).toBe('120 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1,5 MB');
    expect(formatFileSize(TICKET_ATTACHMENT_MAX_BYTES)).toBe('10 MB');
  });
});

describe('attachmentRefusal', () => {
  it('accepts images and PDFs up to the limit', () => {
    expect(attachmentRefusal(file('tela.png', 2048, 'image/png'))).toBeNull();
    expect(attachmentRefusal(file('nota.pdf', TICKET_ATTACHMENT_MAX_BYTES, 'application/pdf'))).toBeNull();
  });

  it('judges a file without a type by its extension', () => {
    expect(attachmentRefusal(file('foto.JPG', 10, ''))).toBeNull();
    expect(attachmentRefusal(file('planilha.xlsx', 10, ''))).toMatch(/tipo de arquivo não permitido/);
  });

  it('refuses other types, big files and empty files with a reason', () => {
    expect(attachmentRefusal(file('setup.exe', 10, 'application/x-msdownload'))).toBe(
      'setup.exe: tipo de arquivo não permitido (use imagens ou PDF).',
    );
    expect(attachmentRefusal(file('video.png', TICKET_ATTACHMENT_MAX_BYTES + 1, 'image/png'))).toBe(
      'video.png: arquivo maior que 10 MB.',
    );
    expect(attachmentRefusal(file('vazio.pdf', 0, 'application/pdf'))).toBe(
      'vazio.pdf: o arquivo está vazio.',
    );
  });
});

describe('addAttachmentFiles', () => {
  it('adds valid files once and explains each refusal', () => {
    const kept = file('a.png', 10, 'image/png');
    const result = addAttachmentFiles(
      [kept],
      [kept, file('b.pdf', 20, 'application/pdf'), file('c.zip', 5, 'application/zip')],
    );
    expect(result.files.map((item) => item.name)).toEqual(['a.png', 'b.pdf']);
    expect(result.refusals).toEqual(['c.zip: tipo de arquivo não permitido (use imagens ou PDF).']);
  });

  it(`stops at ${TICKET_ATTACHMENT_MAX_FILES} files and names the ones left out`, () => {
    const many = Array.from({ length: TICKET_ATTACHMENT_MAX_FILES + 2 }, (_, index) =>
      file(`f${index}.png`, 10, 'image/png'),
    );
    const result = addAttachmentFiles([], many);
    expect(result.files).toHaveLength(TICKET_ATTACHMENT_MAX_FILES);
    expect(result.refusals).toEqual([
      `No máximo ${TICKET_ATTACHMENT_MAX_FILES} arquivos por envio: f5.png, f6.png não foram anexados.`,
    ]);
    expect(addAttachmentFiles(result.files, [file('x.png', 1, 'image/png')]).refusals).toEqual([
      `No máximo ${TICKET_ATTACHMENT_MAX_FILES} arquivos por envio: x.png não foi anexado.`,
    ]);
  });
});
