import { describe, expect, it } from 'vitest';
import { PROFILE_PICTURE_MAX_BYTES, userSchema } from '@farol/data/contract';
import { setupTestServer, type TestUser } from './harness';

const t = setupTestServer({ demo: false });

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 0)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(24),
]);

const upload = async (user: TestUser, bytes: Buffer, type: string, filename = 'foto') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const response = await fetch(`${t.baseUrl}/api/profile/picture`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const storedPicture = async (user: TestUser) => {
  const { rows } = await t.server.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM user_pictures WHERE user_id = $1',
    [user.id],
  );
  return rows[0]?.n ?? 0;
};

describe('profile', () => {
  it('answers the signed-in user in the canonical shape', async () => {
    const user = await t.createUser({ role: 'tecnico', permissions: ['tickets.view', 'bogus.key'] });
    const response = await t.api('GET', '/api/profile', { token: user.token });
    expect(response.status).toBe(200);
    const profile = userSchema.strict().parse(response.body);
    expect(profile).toMatchObject({
      id: user.id,
      email: user.email,
      name: 'Pessoa Teste',
      theme: 'default',
      permissions: ['tickets.view'],
      profile_picture: null,
    });
  });

  it('updates theme and names, trimming them', async () => {
    const user = await t.createUser();
    const response = await t.api('PUT', '/api/profile', {
      token: user.token,
      body: { theme: 'oceano', first_name: '  Maria ', last_name: 'Silva' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      theme: 'oceano',
      first_name: 'Maria',
      last_name: 'Silva',
      name: 'Maria Silva',
    });
    expect((await t.api('GET', '/api/profile', { token: user.token })).body.theme).toBe('oceano');
  });

  it('rejects bad values and unknown fields with field messages, storing nothing', async () => {
    const user = await t.createUser();
    const cases: [unknown, Record<string, string>][] = [
      [{ theme: 'Bad Theme!' }, { theme: 'Tema inválido' }],
      [{ theme: 42 }, { theme: 'Tema deve ser um texto' }],
      [{ first_name: '   ' }, { first_name: 'Nome não pode ficar em branco' }],
      [{ role: 'admin', theme: 'oceano' }, { role: 'Campo não permitido' }],
      [['theme'], { _: expect.any(String) as string }],
    ];
    for (const [body, details] of cases) {
      const response = await t.api('PUT', '/api/profile', { token: user.token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toEqual({ error: 'validation_failed', message: 'Dados inválidos', details });
    }
    const profile = await t.api('GET', '/api/profile', { token: user.token });
    expect(profile.body).toMatchObject({ role: 'tecnico', theme: 'default', first_name: 'Pessoa' });
  });
});

describe('profile picture', () => {
  it('accepts JPG, PNG, GIF and WEBP, stores them and serves them with their type at a versioned URL', async () => {
    const user = await t.createUser();
    for (const [bytes, type] of [
      [JPEG, 'image/jpeg'],
      [GIF, 'image/gif'],
      [WEBP, 'image/webp'],
      [PNG, 'image/png'],
    ] as const) {
      const response = await upload(user, bytes, type);
      expect(response.status, type).toBe(200);
      const url = String(response.body.profile_picture);
      expect(url).toMatch(new RegExp(`^/api/profile/picture/${user.id}\\?v=\\d+$`));
      const served = await fetch(`${t.baseUrl}${url}`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    }
    const deleted = await t.api('DELETE', '/api/profile/picture', { token: user.token });
    expect(deleted.body.profile_picture).toBeNull();
    expect(await storedPicture(user)).toBe(0);
    expect((await t.api('GET', `/api/profile/picture/${user.id}`, { token: user.token })).status).toBe(404);
  });

  it('refuses other types (415), checking the bytes too, and stores nothing', async () => {
    const user = await t.createUser();
    const notImage = await upload(user, Buffer.from('hello'), 'text/plain', 'nota.txt');
    expect(notImage.status).toBe(415);
    expect(notImage.body).toMatchObject({
      error: 'unsupported_media_type',
      message: 'Formato não suportado. Envie uma imagem JPG, PNG, GIF ou WEBP.',
    });
    const svg = await upload(user, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
    expect(svg.status).toBe(415);
    const disguised = await upload(user, Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    expect(disguised.status).toBe(415);
    expect(disguised.body.details).toEqual({
      file: 'O conteúdo do arquivo não é uma imagem JPG, PNG, GIF ou WEBP',
    });
    expect(await storedPicture(user)).toBe(0);
  });

  it('refuses files over 5 MB with 413 and stores nothing', async () => {
    const user = await t.createUser();
    const big = Buffer.concat([PNG, Buffer.alloc(PROFILE_PICTURE_MAX_BYTES + 1 - PNG.length)]);
    const response = await upload(user, big, 'image/png');
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'payload_too_large', message: 'Arquivo maior que 5MB' });
    expect(await storedPicture(user)).toBe(0);
    // Exactly 5 MB is fine.
    const limit = Buffer.concat([PNG, Buffer.alloc(PROFILE_PICTURE_MAX_BYTES - PNG.length)]);
    expect((await upload(user, limit, 'image/png')).status).toBe(200);
  });

  it('needs a multipart body with a file', async () => {
    const user = await t.createUser();
    const json = await t.api('POST', '/api/profile/picture', { token: user.token, body: { file: 'x' } });
    expect(json.status).toBe(415);
    const form = new FormData();
    form.append('name', 'sem arquivo');
    const empty = await fetch(`${t.baseUrl}/api/profile/picture`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({
      error: 'validation_failed',
      message: 'Dados inválidos',
      details: { file: 'Envie um arquivo de imagem' },
    });
  });

  it('serves a picture only to those who may see its owner', async () => {
    const acme = await t.companyId('Acme').catch(async () => {
      const { rows } = await t.server.db.query<{ id: number }>(
        "INSERT INTO companies (name) VALUES ('Acme') ON CONFLICT DO NOTHING RETURNING id",
      );
      return rows[0]!.id;
    });
    const owner = await t.createUser({ role: 'cliente', companyId: acme });
    const colleague = await t.createUser({ role: 'cliente', companyId: acme });
    const outsider = await t.createUser({ role: 'client', companyId: null });
    const { body } = await upload(owner, PNG, 'image/png');
    const url = String(body.profile_picture);
    expect((await t.api('GET', url, { token: colleague.token })).status).toBe(200);
    expect((await t.api('GET', url, { token: outsider.token })).status).toBe(404);
    expect((await t.api('GET', url)).status).toBe(401);
  });

  it('serves staff pictures to any client, as the new-conversation list shows them', async () => {
    const staff = await t.createUser({ role: 'tecnico' });
    const client = await t.createUser({ role: 'client', companyId: null });
    const { body } = await upload(staff, PNG, 'image/png');
    expect((await t.api('GET', String(body.profile_picture), { token: client.token })).status).toBe(200);
  });
});
