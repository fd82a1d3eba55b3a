/**
 * The vault's access levels, each against every action (issue 14): ver metadados, usar, ver, editar and
 * gerenciar given on a folder before its item exists (folder grants cover future items), each allowing
 * exactly what it should; an item's own grant adding to its folder's; moving an item between folders being
 * sharing (gerenciar); the folders' rename, move and delete; whom access can be given to.
 */
import { describe, expect, it } from 'vitest';
import { passwordItemSchema, vaultGranteesSchema, vaultGrantListSchema } from '@farol/data/contract';
import { setupTestServer } from './harness';
import { createTestCompany, TEST_VAULT_KEY, vaultMarker } from './password-helpers';

const ctx = setupTestServer({
  vaultKey: TEST_VAULT_KEY,
  vaultRotationSweep: false,
  vaultRevealsPerMinute: 1000,
});

const SEED = 'JBSWY3DPEHPK3PXP';
const MANAGE = ['passwords.view', 'passwords.reveal', 'passwords.manage'];
const LEVELS = ['metadados', 'usar', 'ver', 'editar', 'gerenciar'] as const;
type Level = (typeof LEVELS)[number];
const atLeast = (level: Level, needed: Level) => LEVELS.indexOf(level) >= LEVELS.indexOf(needed);

const newFolder = async (token: string, body: Record<string, unknown>) => {
  const response = await ctx.api('POST', '/api/passwords/folders', {
    token,
    body: { name: vaultMarker(), ...body },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: number; name: string };
};

const newItem = async (token: string, body: Record<string, unknown>) => {
  const response = await ctx.api('POST', '/api/passwords', {
    token,
    body: {
      kind: 'login',
      name: vaultMarker(),
      username: 'admin',
      secrets: { password: 'nivel-secreto-1', totp: SEED },
      ...body,
    },
  });
  expect(response.status, response.text).toBe(201);
  return passwordItemSchema.parse(response.body);
};

const grant = (id: number, level: Level) => ({ subject: { kind: 'user', id }, level });

describe('each access level allows exactly what it should', () => {
  it('metadados, usar, ver, editar and gerenciar on a folder, given before its item existed', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const company = await createTestCompany(ctx);
    const box = await newFolder(admin, { company_id: company });
    const other = await newFolder(admin, { company_id: company });
    // Everyone holds every key: only the grants tell them apart.
    const people = Object.fromEntries(
      await Promise.all(LEVELS.map(async (level) => [level, await ctx.createUser({ permissions: MANAGE })])),
    ) as Record<Level, { id: number; token: string }>;
    const outsider = await ctx.createUser({ permissions: MANAGE });
    const set = await ctx.api('PUT', `/api/passwords/folders/${box.id}/access`, {
      token: admin,
      body: { grants: LEVELS.map((level) => grant(people[level].id, level)) },
    });
    expect(set.status, set.text).toBe(200);
    // The other folder lets every one of them store items there.
    await ctx.api('PUT', `/api/passwords/folders/${other.id}/access`, {
      token: admin,
      body: { grants: LEVELS.map((level) => grant(people[level].id, 'editar')) },
    });
    // Created after the grants: the folder's grants reach it.
    const item = await newItem(admin, { company_id: company, folder_id: box.id });
    const url = `/api/passwords/${item.id}`;

    for (const level of LEVELS) {
      const { token } = people[level];
      const why = `level ${level}`;
      const seen = await ctx.api('GET', url, { token });
      expect(seen.status, why).toBe(200);
      expect(seen.body.access, why).toBe(level);
      const list = await ctx.api('GET', `/api/passwords?folder_id=${box.id}`, { token });
      expect(list.body.total, why).toBe(1);

      const reveal = await ctx.api('POST', `${url}/reveal`, { token, body: { field: 'password' } });
      expect(reveal.status, why).toBe(atLeast(level, 'ver') ? 200 : 403);
      if (reveal.status === 200) expect(reveal.body.value).toBe('nivel-secreto-1');
      else expect(reveal.text, why).not.toContain('nivel-secreto-1');
      if (level === 'usar') expect(reveal.body.message).toContain('"usar"');
      const copy = await ctx.api('POST', `${url}/reveal`, {
        token,
        body: { field: 'password', purpose: 'copy' },
      });
      expect(copy.status, why).toBe(atLeast(level, 'ver') ? 200 : 403);
      const code = await ctx.api('POST', `${url}/totp`, { token, body: {} });
      expect(code.status, why).toBe(atLeast(level, 'ver') ? 200 : 403);
      // The seed itself: only those who may edit.
      const seed = await ctx.api('POST', `${url}/reveal`, { token, body: { field: 'totp' } });
      expect(seed.status, why).toBe(atLeast(level, 'editar') ? 200 : 403);

      const edit = await ctx.api('PATCH', url, { token, body: { description: `editado por ${level}` } });
      expect(edit.status, why).toBe(atLeast(level, 'editar') ? 200 : 403);
      if (edit.status === 403) expect(edit.body.message).toBe('Você não pode editar este item.');
      const versions = await ctx.api('GET', `${url}/versions`, { token });
      expect(versions.status, why).toBe(atLeast(level, 'editar') ? 200 : 403);

      const access = await ctx.api('GET', `${url}/access`, { token });
      expect(access.status, why).toBe(level === 'gerenciar' ? 200 : 403);
      const share = await ctx.api('PUT', `${url}/access`, {
        token,
        body: { grants: [grant(people[level].id, 'gerenciar'), grant(outsider.id, 'ver')] },
      });
      expect(share.status, why).toBe(level === 'gerenciar' ? 200 : 403);
      if (share.status === 403)
        expect(share.body.message).toBe('Só quem gerencia este item pode fazer isso.');
      const log = await ctx.api('GET', `/api/passwords/reveals?item_id=${item.id}`, { token });
      expect(log.status, why).toBe(level === 'gerenciar' ? 200 : 403);
      const folderAccess = await ctx.api('GET', `/api/passwords/folders/${box.id}/access`, { token });
      expect(folderAccess.status, why).toBe(level === 'gerenciar' ? 200 : 403);
      const rename = await ctx.api('PATCH', `/api/passwords/folders/${box.id}`, {
        token,
        body: { require_reason: false },
      });
      expect(rename.status, why).toBe(level === 'gerenciar' ? 200 : 403);

      // Moving the item to another folder changes who reaches it: that is sharing.
      const move = await ctx.api('PATCH', url, { token, body: { folder_id: other.id } });
      expect(move.status, why).toBe(level === 'gerenciar' ? 200 : 403);
      if (move.status === 200) {
        // Back where it was, for the checks that follow (the admin is outside the grants: no edit).
        const back = await ctx.api('PATCH', url, { token, body: { folder_id: box.id } });
        expect(back.status, back.text).toBe(200);
      }
      const out = await ctx.api('PATCH', url, { token, body: { folder_id: null } });
      expect(out.status, why).toBe(level === 'gerenciar' ? 200 : 403);
      if (out.status === 200) {
        const back = await ctx.api('PATCH', url, { token, body: { folder_id: box.id } });
        expect(back.status, back.text).toBe(200);
      }
    }

    // The gerenciar person shared the item with the outsider (ver), on top of the folder's grants.
    const asOutsider = await ctx.api('GET', url, { token: outsider.token });
    expect(asOutsider.body.access).toBe('ver');
    expect(
      (await ctx.api('POST', `${url}/reveal`, { token: outsider.token, body: { field: 'password' } })).status,
    ).toBe(200);

    // An item's answer shows the folder's grants it inherits.
    const access = vaultGrantListSchema.parse(
      (await ctx.api('GET', `${url}/access`, { token: people.gerenciar.token })).body,
    );
    expect(access.grants.map((entry) => entry.level).sort()).toEqual(['gerenciar', 'ver']);
    expect(access.inherited?.folder).toEqual({ id: box.id, name: box.name });
    expect(access.inherited?.grants).toHaveLength(5);

    // Archiving: gerenciar only.
    for (const level of LEVELS.slice(0, 4)) {
      expect((await ctx.api('DELETE', url, { token: people[level].token })).status, level).toBe(403);
    }
    expect((await ctx.api('DELETE', url, { token: people.gerenciar.token })).status).toBe(204);
  });

  it('an item grant adds to the folder grant (the better wins), and a folder grant still reaches new items', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const box = await newFolder(admin, { company_id: null });
    const person = await ctx.createUser({ permissions: MANAGE });
    await ctx.api('PUT', `/api/passwords/folders/${box.id}/access`, {
      token: admin,
      body: { grants: [grant(person.id, 'usar')] },
    });
    const first = await newItem(admin, { folder_id: box.id });
    const second = await newItem(admin, { folder_id: box.id });
    await ctx.api('PUT', `/api/passwords/${first.id}/access`, {
      token: admin,
      body: { grants: [grant(person.id, 'ver')] },
    });
    const get = async (id: number) =>
      (await ctx.api('GET', `/api/passwords/${id}`, { token: person.token })).body;
    expect((await get(first.id)).access).toBe('ver');
    expect((await get(second.id)).access).toBe('usar');
    // Raising the folder's grant raises the items in it, the one added last too.
    await ctx.api('PUT', `/api/passwords/folders/${box.id}/access`, {
      token: admin,
      body: { grants: [grant(person.id, 'editar')] },
    });
    const third = await newItem(admin, { folder_id: box.id });
    expect((await get(first.id)).access).toBe('editar');
    expect((await get(third.id)).access).toBe('editar');
  });
});

describe('folders', () => {
  it('rename, refuse a duplicate name, move an empty folder, refuse to move or delete one with items, delete an empty one; all audited', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const acme = await createTestCompany(ctx);
    const globex = await createTestCompany(ctx);
    const box = await newFolder(admin, { company_id: acme });
    const twin = await newFolder(admin, { company_id: acme });

    const blank = await ctx.api('PATCH', `/api/passwords/folders/${box.id}`, {
      token: admin,
      body: { name: '  ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.details).toMatchObject({ name: 'Informe o nome' });
    const duplicate = await ctx.api('PATCH', `/api/passwords/folders/${box.id}`, {
      token: admin,
      body: { name: twin.name.toUpperCase() },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('Já existe uma pasta com esse nome');
    const renamed = await ctx.api('PATCH', `/api/passwords/folders/${box.id}`, {
      token: admin,
      body: { name: `${box.name} renomeada` },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.name).toBe(`${box.name} renomeada`);

    // Empty: moves to another company, then to internal.
    const moved = await ctx.api('PATCH', `/api/passwords/folders/${twin.id}`, {
      token: admin,
      body: { company_id: globex },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.company.id).toBe(globex);
    const internal = await ctx.api('PATCH', `/api/passwords/folders/${twin.id}`, {
      token: admin,
      body: { company_id: null },
    });
    expect(internal.body.company).toBeNull();
    const nowhere = await ctx.api('PATCH', `/api/passwords/folders/${twin.id}`, {
      token: admin,
      body: { company_id: 999_999 },
    });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.details).toEqual({ company_id: 'Empresa não encontrada' });

    // With items: neither moves nor goes.
    const item = await newItem(admin, { company_id: acme, folder_id: box.id });
    const full = await ctx.api('PATCH', `/api/passwords/folders/${box.id}`, {
      token: admin,
      body: { company_id: globex },
    });
    expect(full.status).toBe(409);
    expect(full.body.message).toContain('Só uma pasta vazia muda de empresa');
    const refused = await ctx.api('DELETE', `/api/passwords/folders/${box.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'A pasta ainda tem 1 item. Mova-o para outra pasta ou arquive-o antes de excluir a pasta.',
    );

    // Emptied (the item archived), it goes; its name is free again; gone is 404.
    expect((await ctx.api('DELETE', `/api/passwords/${item.id}`, { token: admin })).status).toBe(204);
    const gone = await ctx.api('DELETE', `/api/passwords/folders/${box.id}`, { token: admin });
    expect(gone.status, gone.text).toBe(204);
    expect((await ctx.api('DELETE', `/api/passwords/folders/${box.id}`, { token: admin })).status).toBe(404);
    const options = await ctx.api('GET', '/api/passwords/options', { token: admin });
    expect(options.body.folders.some((entry: { id: number }) => entry.id === box.id)).toBe(false);
    await newFolder(admin, { company_id: acme, name: `${box.name} renomeada` });

    const { rows } = await ctx.server.db.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE module = 'passwords' AND target_type = 'password_folder'
          AND target_id = ANY ($1::text[]) ORDER BY id`,
      [[String(box.id), String(twin.id)]],
    );
    expect(rows.map((row) => row.action)).toEqual([
      'folder_created',
      'folder_created',
      'folder_updated',
      'folder_moved',
      'folder_moved',
      'folder_deleted',
    ]);
  });

  it('a folder is deleted only by its managers; passwords.view alone cannot; another company scope sees 404', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const box = await newFolder(admin, { company_id: null });
    const editor = await ctx.createUser({ permissions: MANAGE });
    await ctx.api('PUT', `/api/passwords/folders/${box.id}/access`, {
      token: admin,
      body: { grants: [grant(editor.id, 'editar')] },
    });
    const byEditor = await ctx.api('DELETE', `/api/passwords/folders/${box.id}`, { token: editor.token });
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.message).toBe('Só quem gerencia esta pasta pode excluí-la.');
    const viewer = await ctx.createUser({ permissions: ['passwords.view'] });
    expect(
      (await ctx.api('DELETE', `/api/passwords/folders/${box.id}`, { token: viewer.token })).status,
    ).toBe(403);
    const company = await createTestCompany(ctx);
    const theirs = await newFolder(admin, { company_id: company });
    const limited = await ctx.createUser({ permissions: MANAGE });
    await ctx.server.db.query('UPDATE users SET company_deny = $2 WHERE id = $1', [limited.id, [company]]);
    expect(
      (await ctx.api('DELETE', `/api/passwords/folders/${theirs.id}`, { token: limited.token })).status,
    ).toBe(404);
  });
});

describe('whom access can be given to', () => {
  it('staff people and roles, never a client; searched; passwords.manage only', async () => {
    const admin = await ctx.loginAs('admin@farol.dev');
    const marker = vaultMarker();
    const person = await ctx.createUser({ permissions: MANAGE, firstName: `Zélia ${marker}` });
    const answer = await ctx.api(
      'GET',
      `/api/passwords/grantees?q=${encodeURIComponent(`zelia ${marker}`)}`,
      {
        token: admin,
      },
    );
    expect(answer.status, answer.text).toBe(200);
    const grantees = vaultGranteesSchema.parse(answer.body);
    expect(grantees.people).toEqual([{ id: person.id, name: `Zélia ${marker} Teste`, role: 'tecnico' }]);
    expect(grantees.roles.map((role) => role.key)).toEqual(
      expect.arrayContaining(['admin', 'gestor', 'tecnico']),
    );
    expect(grantees.roles.map((role) => role.key)).not.toContain('cliente');
    const all = vaultGranteesSchema.parse(
      (await ctx.api('GET', '/api/passwords/grantees?q=acme.com.br', { token: admin })).body,
    );
    expect(all.people).toEqual([]);
    const viewer = await ctx.createUser({ permissions: ['passwords.view'] });
    expect((await ctx.api('GET', '/api/passwords/grantees', { token: viewer.token })).status).toBe(403);
  });
});
