import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import ssh2, { type ParsedKey } from 'ssh2';
import { DEMO, expect, signIn, test } from '../support/fixtures';

// Conexões (issue 15), end to end: an SSH server of the spec's own (ssh2's Server on 127.0.0.1, a free port), a
// connection to it made through the API as admin (the target policy refuses loopback unless an admin allows
// it), then, in the page: from a chamado, "Conectar", the credential asked, the host key trusted, a command typed
// and its output seen, "Desconectar", and the session's line on the chamado's history.

// ssh2 is CommonJS: its names come from the default export under Node's ESM loader.
const { Server: SshServer, utils } = ssh2;

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('farol:token'));
const stamp = () => String(Date.now()).slice(-6);

/** A pty shell that echoes keys and, on Enter, answers `echo …` with its text. */
const startSshServer = async (username: string, password: string) => {
  const hostKey = utils.generateKeyPairSync('ed25519').private;
  const parsed = utils.parseKey(hostKey) as ParsedKey;
  const fingerprint = `SHA256:${createHash('sha256').update(parsed.getPublicSSH()).digest('base64').replace(/=+$/, '')}`;
  const server = new SshServer({ hostKeys: [hostKey] }, (client) => {
    client.on('error', () => undefined);
    client.on('authentication', (ctx) => {
      if (ctx.username === username && ctx.method === 'password' && ctx.password === password) ctx.accept();
      else ctx.reject(['password']);
    });
    client.on('session', (accept) => {
      const session = accept();
      session.on('pty', (acceptPty) => acceptPty?.());
      session.on('window-change', (acceptChange) => acceptChange?.());
      session.on('shell', (acceptShell) => {
        const stream = acceptShell();
        let line = '';
        stream.write('Bem-vindo ao servidor de teste\r\n$ ');
        stream.on('data', (data: Buffer) => {
          for (const char of data.toString('utf8')) {
            if (char === '\r') {
              const command = line.trim();
              line = '';
              if (command === 'exit') {
                stream.exit(0);
                stream.end();
                return;
              }
              const answer = command.startsWith('echo ') ? `${command.slice(5)}\r\n` : '';
              stream.write(`\r\n${answer}$ `);
            } else {
              line += char;
              stream.write(char);
            }
          }
        });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, fingerprint, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

test('from a chamado, an in-browser SSH session: trust the key, run a command, end, see it on the history', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const ssh = await startSshServer('ana', 'senha-de-teste');
  try {
    await signIn(page, DEMO.admin);
    const headers = { authorization: `Bearer ${await tokenOf(page)}` };

    // A chamado with a company, and a connection of that company to the spec's server.
    const tickets = await page.request.get('/api/tickets?limit=20', { headers });
    expect(tickets.status()).toBe(200);
    const ticket = ((await tickets.json()) as { items: Array<{ id: number; company_id: number }> }).items[0]!;
    const allowed = await page.request.post('/api/connections/target-policy/internal', {
      headers,
      data: { target: '127.0.0.1', port: ssh.port, description: 'Servidor SSH do teste e2e' },
    });
    expect(allowed.status(), await allowed.text()).toBeLessThan(300);
    const name = `srv-e2e-${stamp()}`;
    const created = await page.request.post('/api/connections', {
      headers,
      data: {
        name,
        protocol: 'ssh',
        host: '127.0.0.1',
        port: ssh.port,
        company_id: ticket.company_id,
        credential_mode: 'pedir',
        username: 'ana',
        recording: 'desligada',
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    // From the chamado: Conectar (the session is linked to it).
    await page.goto(`/support/ticket/${ticket.id}`);
    const section = page.getByRole('region', { name: 'Conexões' });
    await section.getByRole('link', { name: `Conectar a ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/terminal\\?ticket_id=${ticket.id}$`));

    // "Pedir ao conectar": the credential for this session only.
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Senha' }).fill('senha-de-teste');
    await dialog.getByRole('button', { name: 'Conectar' }).click();

    // Trust on first use: the fingerprint the server shows is the server's.
    const shown = page.locator('[data-slot="host-key-fingerprint"]');
    await expect(shown).toBeVisible({ timeout: 20_000 });
    expect((await shown.textContent())?.replace(/\s/g, '')).toBe(ssh.fingerprint);
    await page.getByRole('button', { name: 'Confiar e conectar' }).click();

    const frame = page.getByRole('region', { name: `Sessão em ${name}` });
    await expect(frame.getByText('Conectado')).toBeVisible({ timeout: 20_000 });
    const screen = frame.locator('.xterm-rows');
    await expect(screen).toContainText('Bem-vindo ao servidor de teste', { timeout: 20_000 });
    await frame.locator('.xterm-helper-textarea').focus();
    await page.keyboard.type('echo farol-e2e-ok');
    await page.keyboard.press('Enter');
    await expect(screen).toContainText(/farol-e2e-ok[\s\S]*farol-e2e-ok/);

    await frame.getByRole('button', { name: 'Desconectar' }).click();
    await expect(page.getByRole('button', { name: 'Reconectar' })).toBeVisible();

    // The chamado's history has the session's line.
    await page.goto(`/support/ticket/${ticket.id}`);
    await expect(page.getByText(new RegExp(`Sessão SSH em ${name} por `))).toBeVisible({ timeout: 20_000 });
  } finally {
    await ssh.close();
  }
});
