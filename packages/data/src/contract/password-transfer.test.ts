import { describe, expect, it } from 'vitest';
import {
  VaultImportFileError,
  detectCsvFormat,
  duplicateKey,
  looksLikeFarolExport,
  readVaultCsv,
  validateCandidate,
} from './password-transfer';

const BITWARDEN =
  'folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp';

describe('reading a vault CSV', () => {
  it('detects Bitwarden, KeePass 2/KeePassXC and KeePass 1.x headers, and a Farol export', () => {
    expect(detectCsvFormat(BITWARDEN.split(','))).toBe('bitwarden');
    expect(detectCsvFormat(['group', 'title', 'username', 'password', 'url', 'notes'])).toBe('keepass');
    expect(detectCsvFormat(['account', 'login_name', 'password', 'web_site', 'comments'])).toBe('keepass');
    expect(detectCsvFormat(['nome', 'senha'])).toBeNull();
    expect(looksLikeFarolExport('\uFEFF  {"format": "farol-vault-export"}')).toBe(true);
    expect(looksLikeFarolExport(BITWARDEN)).toBe(false);
  });

  it('reads quotes, embedded newlines, a BOM and ; as Bitwarden rows, with lines and reasons', () => {
    const text = `\uFEFF${BITWARDEN.replaceAll(',', ';')}\r\nRede;1;login;"Switch; core";"a\r\nb";"PIN: 12\r\nObs";1;"https://a.local,https://b.local";root;"p""w";\r\n;;identity;Joana;;;;;;;\r\n;;;;;;;;;;\r\n;;login;;;;;https://so-url.example/x;;;`;
    const { format, candidates } = readVaultCsv(text);
    expect(format).toBe('bitwarden');
    expect(candidates).toEqual([
      {
        line: 2,
        name: 'Switch; core',
        input: {
          kind: 'login',
          name: 'Switch; core',
          url: 'https://a.local',
          username: 'root',
          description: 'Outros endereços: https://b.local',
          tags: ['rede', 'favorito'],
          sensitive: true,
          secrets: { password: 'p"w', notes: 'a\r\nb' },
          custom: [
            { label: 'PIN', secret: true, value: '12' },
            { label: 'Obs', secret: true, value: '' },
          ],
        },
      },
      { line: 5, name: 'Joana', skip: 'Tipo "identidade" não suportado: só login e nota segura', kind: null },
      { line: 6, name: '', skip: 'Linha vazia', kind: null },
      {
        line: 7,
        name: 'so-url.example',
        input: { kind: 'login', name: 'so-url.example', url: 'https://so-url.example/x' },
      },
    ]);
  });

  it('reads KeePass 1.x columns and KeePassXC groups as tags', () => {
    const { format, candidates } = readVaultCsv(
      '"Account","Login Name","Password","Web Site","Comments"\n"Banco","sa","x","db.local","porta 1433"',
    );
    expect(format).toBe('keepass');
    expect(candidates[0]).toMatchObject({
      input: {
        kind: 'login',
        name: 'Banco',
        username: 'sa',
        url: 'db.local',
        secrets: { password: 'x', notes: 'porta 1433' },
      },
    });
    const xc = readVaultCsv('Group,Title,Password\nRoot/Clientes/Acme,VPN,y\nRoot,Só nota,');
    expect(xc.candidates.map((c) => ('input' in c ? c.input.tags : c.skip))).toEqual([
      ['clientes/acme'],
      undefined,
    ]);
  });

  it('refuses an unknown header, an open quote and a header alone', () => {
    expect(() => readVaultCsv('a,b\n1,2')).toThrow(VaultImportFileError);
    expect(() => readVaultCsv(`${BITWARDEN}\n,,login,"x`)).toThrow(
      'Arquivo CSV inválido: Linha 2: aspas abertas sem fechar',
    );
    expect(() => readVaultCsv(BITWARDEN)).toThrow('O arquivo não tem linhas além do cabeçalho');
  });

  it('names the column of a refused value, never the value', () => {
    const refused = validateCandidate(
      'keepass',
      { kind: 'login', name: 'A', secrets: { totp: 'segredo 0 1 8 9!' } },
      { company_id: null, folder_id: null },
    );
    expect(refused).toEqual({
      ok: false,
      kind: 'login',
      reason: expect.stringMatching(/^Coluna TOTP: Semente TOTP inválida/),
    });
    expect(JSON.stringify(refused)).not.toContain('segredo 0');
    expect(duplicateKey({ name: ' Roteador ', username: 'Admin', url: null })).toBe(
      duplicateKey({ name: 'roteador', username: 'admin', url: '' }),
    );
  });
});
