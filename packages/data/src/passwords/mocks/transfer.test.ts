import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { vaultImportReportSchema } from '../../contract/password-transfer';
import { fixtureTokens } from '../../mocks/fixtures';
import { createHandlers, flattenHandlers } from '../../mocks/handlers';
import { resetMockState } from '../../mocks/store';
import { VAULT_SAMPLE_EXPORT, VAULT_SAMPLE_PASSPHRASE } from './transfer';

const server = setupServer(...flattenHandlers(createHandlers()));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetMockState();
});
afterAll(() => server.close());

const post = async (path: string, token: string, body: unknown) => {
  const response = await fetch(`http://localhost${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
};

const CSV = [
  'folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp',
  ',,login,Switch,,,,https://sw.local,admin,segredo-1,',
  ',,card,Cartão,,,,,,,',
  ',,login,Switch,,,,https://sw.local,admin,segredo-2,',
  ',,login,Ruim,,,,,,x,nao base32!',
].join('\n');

describe("the vault's import and export mocks answer as the server", () => {
  it('previews and imports a Bitwarden CSV with a line per row, never echoing a secret', async () => {
    const preview = await post('/api/passwords/import/preview', fixtureTokens.admin, {
      file: CSV,
      company_id: 100,
    });
    expect(preview.status).toBe(200);
    expect(preview.text).not.toContain('segredo');
    const report = vaultImportReportSchema.parse(JSON.parse(preview.text));
    expect(report.rows.map((row) => [row.line, row.status])).toEqual([
      [2, 'importado'],
      [3, 'ignorado'],
      [4, 'ignorado'],
      [5, 'erro'],
    ]);
    const imported = await post('/api/passwords/import', fixtureTokens.admin, { file: CSV, company_id: 100 });
    expect(vaultImportReportSchema.parse(JSON.parse(imported.text)).rows[0]!.item_id).toBeGreaterThan(0);
    const unknown = await post('/api/passwords/import', fixtureTokens.admin, {
      file: 'a;b\n1;2',
      company_id: 100,
    });
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.text).details.file).toMatch(/^Formato não reconhecido/);
  });

  it('opens the sample export with its passphrase only, exports for passwords.manage only', async () => {
    const wrong = await post('/api/passwords/import/preview', fixtureTokens.admin, {
      file: VAULT_SAMPLE_EXPORT,
      company_id: 101,
      passphrase: 'outra frase',
    });
    expect(wrong.status).toBe(400);
    const right = await post('/api/passwords/import/preview', fixtureTokens.admin, {
      file: VAULT_SAMPLE_EXPORT,
      company_id: 101,
      passphrase: VAULT_SAMPLE_PASSPHRASE,
    });
    expect(JSON.parse(right.text)).toMatchObject({ format: 'farol', imported: 2 });
    const exported = await post('/api/passwords/export', fixtureTokens.admin, {
      company_id: 100,
      passphrase: 'uma frase bem comprida',
      password: 'farol123',
    });
    expect(exported.status).toBe(200);
    expect(JSON.parse(exported.text)).toMatchObject({ format: 'farol-vault-export', version: 1, items: 2 });
    const refused = await post('/api/passwords/export', fixtureTokens.tecnico, {
      company_id: 100,
      passphrase: 'uma frase bem comprida',
      password: 'farol123',
    });
    expect(refused.status).toBe(403);
  });
});
