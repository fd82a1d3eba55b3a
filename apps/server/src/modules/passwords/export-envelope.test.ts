import { describe, expect, it } from 'vitest';
import type { VaultExportItem } from '@farol/data/contract';
import { ExportFileError, openExport, readEnvelope, sealExport } from './export-envelope';

const ITEMS: VaultExportItem[] = [
  {
    kind: 'login',
    name: 'Roteador',
    url: null,
    username: 'admin',
    description: null,
    tags: [],
    folder: null,
    sensitive: false,
    client_visible: false,
    rotate_every_days: null,
    custom: [],
    secrets: { password: 'segredo-do-roteador' },
  },
];
// The smallest cost the import accepts keeps this test fast; the format is the same.
const CHEAP = { n: 16_384, r: 8, p: 1 };
const seal = () =>
  sealExport(ITEMS, 'frase de teste longa', { leftOut: 0, company: 'Acme', folder: null }, CHEAP);

describe('the export envelope', () => {
  it('opens with its passphrase only, and carries no secret in clear', async () => {
    const text = await seal();
    expect(text).not.toContain('segredo-do-roteador');
    expect(readEnvelope(text)).toMatchObject({ format: 'farol-vault-export', version: 1, items: 1 });
    await expect(openExport(text, 'frase de teste longa')).resolves.toEqual(ITEMS);
    await expect(openExport(text, 'outra frase')).rejects.toMatchObject({ field: 'passphrase' });
  });

  it('refuses a changed header, a cut tag, an unknown version and text that is not JSON', async () => {
    const envelope = JSON.parse(await seal());
    const variants = [
      { ...envelope, scope: { company: 'Globex', folder: null } },
      { ...envelope, created_at: '2020-01-01T00:00:00.000Z' },
      {
        ...envelope,
        cipher: {
          ...envelope.cipher,
          tag: Buffer.from(envelope.cipher.tag, 'base64').subarray(0, 4).toString('base64'),
        },
      },
    ];
    for (const variant of variants) {
      await expect(openExport(JSON.stringify(variant), 'frase de teste longa')).rejects.toBeInstanceOf(
        ExportFileError,
      );
    }
    expect(() => readEnvelope(JSON.stringify({ ...envelope, version: 2 }))).toThrow(
      'Versão de exportação não suportada (2): este Farol lê a versão 1',
    );
    expect(() => readEnvelope('{ nada')).toThrow('não é um JSON completo');
  });
});
