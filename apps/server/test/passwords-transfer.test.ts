/**
 * The vault's import and export (issue 14): Bitwarden and KeePass CSV previewed then imported with a line per
 * row, secrets sealed like the editor's and never echoed; the limits answered with 4xx in Portuguese; exports
 * only sealed with a passphrase, audited per item, quebra-vidro applied, and importable back.
 */
import { describe, expect, it } from 'vitest';
import { vaultExportEnvelopeSchema, vaultImportReportSchema } from '@farol/data/contract';
import { DEMO_PASSWORD } from '../src/seed/demo';
import { setupTestServer } from './harness';
import { createTestCompany, TEST_VAULT_KEY, vaultMarker } from './password-helpers';

const ctx = setupTestServer({
  vaultKey: TEST_VAULT_KEY,
  vaultRotationSweep: false,
  vaultTransfersPerMinute: 1000,
});

const BITWARDEN_HEADER =
  'folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp';

const countItems = async (companyId: number) => {
  const { rows } = await ctx.server.db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM vault_items WHERE company_id = $1 AND archived_at IS NULL',
    [companyId],
  );
  return Number(rows[0]!.n);
};

const dump = async () => {
  const { rows } = await ctx.server.db.query<{ row: string }>(
    `SELECT row_to_json(t)::text AS row FROM vault_items t
     UNION ALL SELECT row_to_json(a)::text FROM audit_events a
     UNION ALL SELECT row_to_json(v)::text FROM vault_item_versions v`,
  );
  return rows.map((row) => row.row).join('\n');
};

const auditOf = async (action: string, companyId: number) => {
  const { rows } = await ctx.server.db.query<{ details: Record<string, unknown>; target_id: string | null }>(
    `SELECT details, target_id FROM audit_events WHERE module = 'passwords' AND action = $1 AND company_id = $2 ORDER BY id`,
    [action, companyId],
  );
  return rows;
};

describe('importing a Bitwarden CSV', () => {
  it('previews without saving, then imports with a line per row and secrets sealed, never echoed', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const company = await createTestCompany(ctx);
    const secret = `Senha-${vaultMarker()}`;
    const noteSecret = `nota-secreta-${vaultMarker()}`;
    const fieldSecret = `pin-${vaultMarker()}`;
    const existing = await ctx.api('POST', '/api/passwords', {
      token: admin,
      body: {
        kind: 'login',
        name: 'Já existe',
        username: 'root',
        url: 'https://ja.existe',
        company_id: company,
      },
    });
    expect(existing.status, existing.text).toBe(201);
    const folder = await ctx.api('POST', '/api/passwords/folders', {
      token: admin,
      body: { name: `Importados ${vaultMarker()}`, company_id: company },
    });
    expect(folder.status, folder.text).toBe(201);

    const csv = [
      BITWARDEN_HEADER,
      // Quotes, an embedded newline in notes and in fields (two custom fields), reprompt (sensível), favorite.
      `Servidores,1,login,Firewall pfSense,"linha 1\n${noteSecret}","PIN: ${fieldSecret}\nSite: matriz",1,"https://fw.acme.local,https://fw2.acme.local",admin,"${secret}",JBSWY3DPEHPK3PXP`,
      `,,note,Procedimento de backup,${noteSecret}-2,,,,,,`,
      `,,card,Cartão corporativo,,,,,,,`,
      `,,,,,,,,,,`,
      `Servidores,,login,Firewall pfSense,,,,https://fw.acme.local,admin,outra,`,
      `,,login,Já existe,,,,https://ja.existe,root,x,`,
      `,,login,TOTP quebrado,,,,,joana,${secret}-3,nao-e-base32!`,
    ].join('\n');
    const body = { file: `\uFEFF${csv}`, company_id: company, folder_id: folder.body.id };

    const preview = await ctx.api('POST', '/api/passwords/import/preview', { token: admin, body });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.headers.get('cache-control')).toBe('no-store');
    const planned = vaultImportReportSchema.parse(preview.body);
    expect(planned).toMatchObject({
      format: 'bitwarden',
      preview: true,
      total: 7,
      imported: 2,
      skipped: 4,
      errors: 1,
    });
    expect(await countItems(company)).toBe(1);

    const response = await ctx.api('POST', '/api/passwords/import', { token: admin, body });
    expect(response.status, response.text).toBe(200);
    for (const text of [secret, noteSecret, fieldSecret]) {
      expect(response.text).not.toContain(text);
      expect(preview.text).not.toContain(text);
    }
    const report = vaultImportReportSchema.parse(response.body);
    expect(report).toMatchObject({ preview: false, total: 7, imported: 2, skipped: 4, errors: 1 });
    expect(report.rows.map((row) => [row.line, row.status, row.reason])).toEqual([
      [2, 'importado', null],
      // The quoted notes and fields spanned lines 2–4: the note starts on line 5.
      [5, 'importado', null],
      [6, 'ignorado', 'Tipo "cartão" não suportado: só login e nota segura'],
      [7, 'ignorado', 'Linha vazia'],
      [8, 'ignorado', 'Duplicado: repete a linha 2 do arquivo'],
      [9, 'ignorado', 'Duplicado: já existe um item com este nome, usuário e endereço nesta empresa'],
      [10, 'erro', expect.stringMatching(/^Linha 10: Coluna login_totp: Semente TOTP inválida/)],
    ]);
    expect(report.rows[0]).toMatchObject({
      name: 'Firewall pfSense',
      kind: 'login',
      username: 'admin',
      url: 'https://fw.acme.local',
      secret_fields: ['notes', 'password', 'totp', 'custom:1', 'custom:2'],
    });
    expect(await countItems(company)).toBe(3);

    const firewall = await ctx.api('GET', `/api/passwords/${report.rows[0]!.item_id}`, { token: admin });
    expect(firewall.body).toMatchObject({
      sensitive: true,
      tags: ['servidores', 'favorito'],
      description: 'Outros endereços: https://fw2.acme.local',
      folder: { id: folder.body.id },
      custom: [
        { label: 'PIN', secret: true, value: null },
        { label: 'Site', secret: true, value: null },
      ],
    });
    // Revealed through the same call as any item (sensível: the password is confirmed first).
    await ctx.api('POST', '/api/passwords/confirm', { token: admin, body: { password: DEMO_PASSWORD } });
    const revealed = await ctx.api('POST', `/api/passwords/${firewall.body.id}/reveal`, {
      token: admin,
      body: { field: 'password' },
    });
    expect(revealed.body).toEqual({ field: 'password', value: secret });
    const note = await ctx.api('POST', `/api/passwords/${report.rows[1]!.item_id}/reveal`, {
      token: admin,
      body: { field: 'notes' },
    });
    expect(note.body.value).toBe(`${noteSecret}-2`);

    const stored = await dump();
    for (const text of [secret, noteSecret, fieldSecret]) expect(stored).not.toContain(text);

    const summary = await auditOf('vault_imported', company);
    expect(summary.map((entry) => entry.details)).toEqual([
      { format: 'bitwarden', rows: 7, imported: 2, skipped: 4, errors: 1, folder_id: folder.body.id },
    ]);
    const created = await auditOf('created', company);
    expect(created.filter((entry) => entry.details.imported)).toHaveLength(2);
    expect(created.at(-1)!.details.imported).toEqual({ format: 'bitwarden', line: 5 });
  });
});

describe('importing a KeePass CSV', () => {
  it('reads KeePassXC columns with ; and CRLF, its TOTP URI and groups as tags, into internal items', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const marker = vaultMarker();
    const csv = [
      '"Group";"Title";"Username";"Password";"URL";"Notes";"TOTP";"Icon";"Last Modified";"Created"',
      `"Root/Rede";"Switch ${marker}";"admin";"p;a""ss";"10.0.0.2";"";"otpauth://totp/x?secret=JBSWY3DPEHPK3PXP&period=30";"0";"2025-01-01T10:00:00Z";"2024-01-01T10:00:00Z"`,
      `"Root";"Nota ${marker}";"";"";"";"só texto";"";"0";"";""`,
    ].join('\r\n');
    const response = await ctx.api('POST', '/api/passwords/import', {
      token: admin,
      body: { file: csv, company_id: null },
    });
    expect(response.status, response.text).toBe(200);
    const report = vaultImportReportSchema.parse(response.body);
    expect(report).toMatchObject({ format: 'keepass', imported: 2, skipped: 0, errors: 0 });
    expect(report.rows.map((row) => [row.kind, row.secret_fields])).toEqual([
      ['login', ['password', 'totp']],
      ['nota', ['notes']],
    ]);
    const item = await ctx.api('GET', `/api/passwords/${report.rows[0]!.item_id}`, { token: admin });
    expect(item.body).toMatchObject({ company: null, tags: ['rede'], url: '10.0.0.2' });
    const password = await ctx.api('POST', `/api/passwords/${item.body.id}/reveal`, {
      token: admin,
      body: { field: 'password' },
    });
    expect(password.body.value).toBe('p;a"ss');
    const totp = await ctx.api('POST', `/api/passwords/${item.body.id}/totp`, { token: admin, body: {} });
    expect(totp.body.code).toMatch(/^\d{6}$/);
  });
});

describe('what an import refuses', () => {
  it('answers 4xx in Portuguese for an unknown header, a bad CSV, too many rows, a big file and a wrong target', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const company = await createTestCompany(ctx);
    const other = await createTestCompany(ctx);
    const post = (body: Record<string, unknown>, token = admin) =>
      ctx.api('POST', '/api/passwords/import/preview', { token, body: { company_id: company, ...body } });

    const unknown = await post({ file: 'nome;senha\nA;B' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.file).toMatch(/^Formato não reconhecido/);

    const open = await post({ file: `${BITWARDEN_HEADER}\n,,login,"sem fim,,,,,,,` });
    expect(open.status).toBe(400);
    expect(open.body.details.file).toBe('Arquivo CSV inválido: Linha 2: aspas abertas sem fechar');

    const headerOnly = await post({ file: BITWARDEN_HEADER });
    expect(headerOnly.body.details.file).toBe('O arquivo não tem linhas além do cabeçalho');

    const many = await post({
      file: [BITWARDEN_HEADER, ...Array.from({ length: 5001 }, (_, n) => `,,login,Item ${n},,,,,,x,`)].join(
        '\n',
      ),
    });
    expect(many.status).toBe(400);
    expect(many.body.details.file).toBe('No máximo 5.000 linhas por arquivo (este tem 5.001)');

    const big = await post({ file: `${BITWARDEN_HEADER}\n${'x'.repeat(5 * 1024 * 1024)}` });
    expect(big.status).toBe(400);
    expect(big.body.details.file).toBe('Arquivo maior que 5MB');

    const huge = await ctx.api('POST', '/api/passwords/import', {
      token: admin,
      body: `{"company_id":${company},"file":"${'x'.repeat(12 * 1024 * 1024)}"}`,
    });
    expect(huge.status).toBe(413);

    const folder = await ctx.api('POST', '/api/passwords/folders', {
      token: admin,
      body: { name: `Outra ${vaultMarker()}`, company_id: other },
    });
    const wrongFolder = await post({
      file: `${BITWARDEN_HEADER}\n,,login,A,,,,,,x,`,
      folder_id: folder.body.id,
    });
    expect(wrongFolder.status).toBe(400);
    expect(wrongFolder.body.details.folder_id).toBe('A pasta não é desta empresa');

    const missing = await post({ file: `${BITWARDEN_HEADER}\n,,login,A,,,,,,x,`, company_id: 999_999 });
    expect(missing.body.details.company_id).toBe('Empresa não encontrada');

    const viewer = await ctx.createUser({ permissions: ['passwords.view', 'passwords.reveal'] });
    expect((await post({ file: BITWARDEN_HEADER }, viewer.token)).status).toBe(403);
    const exporting = await ctx.api('POST', '/api/passwords/export', {
      token: viewer.token,
      body: { company_id: company, passphrase: 'uma frase bem longa', password: DEMO_PASSWORD },
    });
    expect(exporting.status).toBe(403);
  });
});

describe('the encrypted export', () => {
  it('seals a company with a passphrase, audits each item, and imports back elsewhere', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const company = await createTestCompany(ctx);
    const secret = `exportada-${vaultMarker()}`;
    const created = await ctx.api('POST', '/api/passwords', {
      token: admin,
      body: {
        kind: 'login',
        name: 'Roteador',
        username: 'admin',
        company_id: company,
        tags: ['rede'],
        secrets: { password: secret, totp: 'JBSWY3DPEHPK3PXP' },
        custom: [
          { label: 'PIN', secret: true, value: `${secret}-pin` },
          { label: 'Andar', secret: false, value: '3º' },
        ],
      },
    });
    expect(created.status, created.text).toBe(201);
    const exportBody = { company_id: company, passphrase: 'cavalo correto bateria', password: DEMO_PASSWORD };

    const wrongPassword = await ctx.api('POST', '/api/passwords/export', {
      token: admin,
      body: { ...exportBody, password: 'errada' },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.details).toEqual({ password: 'Senha incorreta' });
    const short = await ctx.api('POST', '/api/passwords/export', {
      token: admin,
      body: { ...exportBody, passphrase: 'curta' },
    });
    expect(short.body.details.passphrase).toBe('A senha da exportação precisa de pelo menos 12 caracteres');

    const exported = await ctx.api('POST', '/api/passwords/export', { token: admin, body: exportBody });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.headers.get('cache-control')).toBe('no-store');
    expect(exported.headers.get('content-disposition')).toMatch(
      /attachment; filename="farol-cofre-cofre[a-z0-9]+-\d{4}-\d{2}-\d{2}\.json"/,
    );
    expect(exported.text).not.toContain(secret);
    const envelope = vaultExportEnvelopeSchema.parse(exported.body);
    expect(envelope).toMatchObject({ format: 'farol-vault-export', version: 1, items: 1, left_out: 0 });

    const perItem = await auditOf('exported', company);
    expect(perItem.map((entry) => [entry.target_id, entry.details.fields])).toEqual([
      [String(created.body.id), ['custom:' + created.body.custom[0].key, 'password', 'totp']],
    ]);
    expect((await auditOf('vault_exported', company)).map((entry) => entry.details)).toEqual([
      { scope: { company_id: company, folder_id: null }, items: 1, left_out: 0, break_glass: 0 },
    ]);
    const log = await ctx.api('GET', `/api/passwords/reveals?item_id=${created.body.id}`, { token: admin });
    expect(log.body.items.map((entry: { action: string }) => entry.action)).toEqual(['exported']);

    // Back in, into another company, through the same import and report.
    const target = await createTestCompany(ctx);
    const wrong = await ctx.api('POST', '/api/passwords/import/preview', {
      token: admin,
      body: { file: exported.text, company_id: target, passphrase: 'outra frase qualquer' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual({
      passphrase: 'Senha da exportação incorreta, ou o arquivo foi alterado depois de exportado',
    });
    const tampered = JSON.stringify({ ...envelope, items: 2 });
    const refused = await ctx.api('POST', '/api/passwords/import/preview', {
      token: admin,
      body: { file: tampered, company_id: target, passphrase: exportBody.passphrase },
    });
    expect(refused.status).toBe(400);

    const back = await ctx.api('POST', '/api/passwords/import', {
      token: admin,
      body: { file: exported.text, company_id: target, passphrase: exportBody.passphrase },
    });
    expect(back.status, back.text).toBe(200);
    expect(back.text).not.toContain(secret);
    const report = vaultImportReportSchema.parse(back.body);
    expect(report).toMatchObject({ format: 'farol', imported: 1, errors: 0 });
    const copy = await ctx.api('GET', `/api/passwords/${report.rows[0]!.item_id}`, { token: admin });
    expect(copy.body).toMatchObject({
      name: 'Roteador',
      company: { id: target },
      tags: ['rede'],
      custom: [
        { label: 'PIN', secret: true, value: null },
        { label: 'Andar', secret: false, value: '3º' },
      ],
    });
    const pin = await ctx.api('POST', `/api/passwords/${copy.body.id}/reveal`, {
      token: admin,
      body: { field: `custom:${copy.body.custom[0].key}` },
    });
    expect(pin.body.value).toBe(`${secret}-pin`);
    // The same file again: every row is a duplicate now.
    const again = await ctx.api('POST', '/api/passwords/import/preview', {
      token: admin,
      body: { file: exported.text, company_id: target, passphrase: exportBody.passphrase },
    });
    expect(again.body).toMatchObject({ imported: 0, skipped: 1 });
  });

  it('asks an admin outside an item’s grants for quebra-vidro with a reason, and leaves out items below ver', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const company = await createTestCompany(ctx);
    const item = (name: string) =>
      ctx.api('POST', '/api/passwords', {
        token: admin,
        body: { kind: 'login', name, company_id: company, secrets: { password: `${name}-x` } },
      });
    const closed = (await item('Fechado')).body;
    const usar = (await item('Só usar')).body;
    await item('Aberto');
    const manager = await ctx.createUser({
      permissions: ['passwords.view', 'passwords.reveal', 'passwords.manage'],
      password: 'senha-do-gerente',
    });
    const other = await ctx.createUser({ permissions: ['passwords.view'] });
    const otherAdmin = await ctx.createUser({ role: 'admin' });
    await ctx.api('PUT', `/api/passwords/${closed.id}/access`, {
      token: admin,
      body: { grants: [{ subject: { kind: 'user', id: other.id }, level: 'ver' }] },
    });
    await ctx.api('PUT', `/api/passwords/${usar.id}/access`, {
      token: admin,
      body: { grants: [{ subject: { kind: 'user', id: manager.id }, level: 'usar' }] },
    });
    const body = { company_id: company, passphrase: 'frase comprida o bastante', password: DEMO_PASSWORD };

    const refused = await ctx.api('POST', '/api/passwords/export', { token: admin, body });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('break_glass_required');
    expect(refused.body.message).toMatch(/^2 itens desta exportação têm acessos próprios/);
    const noReason = await ctx.api('POST', '/api/passwords/export', {
      token: admin,
      body: { ...body, break_glass: true },
    });
    expect(noReason.body.details).toEqual({ reason: 'Informe o motivo do quebra-vidro' });
    const broken = await ctx.api('POST', '/api/passwords/export', {
      token: admin,
      body: { ...body, break_glass: true, reason: 'Migração do cliente para outro cofre' },
    });
    expect(broken.status, broken.text).toBe(200);
    expect(broken.body).toMatchObject({ items: 3, left_out: 0 });
    const perItem = await auditOf('exported', company);
    expect(perItem.find((entry) => entry.target_id === String(closed.id))?.details.break_glass).toBe(true);
    const alerts = await ctx.server.db.query<{ message: string }>(
      `SELECT message FROM notifications WHERE user_id = $1 AND title = 'Quebra-vidro no cofre'`,
      [otherAdmin.id],
    );
    expect(alerts.rows[0]?.message).toContain('Migração do cliente para outro cofre');

    // A manager: the closed item is not theirs to know, the "usar" one is left out (and counted).
    const mine = await ctx.api('POST', '/api/passwords/export', {
      token: manager.token,
      body: { ...body, password: 'senha-do-gerente' },
    });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body).toMatchObject({ items: 1, left_out: 1 });
    expect(mine.headers.get('x-farol-export-left-out')).toBe('1');

    // A folder with nothing the person may reveal exports nothing.
    const folder = await ctx.api('POST', '/api/passwords/folders', {
      token: admin,
      body: { name: `Vazia ${vaultMarker()}`, company_id: company },
    });
    const empty = await ctx.api('POST', '/api/passwords/export', {
      token: manager.token,
      body: { ...body, folder_id: folder.body.id, password: 'senha-do-gerente' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual({ folder_id: 'Nenhum item para exportar aqui' });
  });
});
