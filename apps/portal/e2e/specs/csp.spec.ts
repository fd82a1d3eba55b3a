import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from '../support/fixtures';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/**
 * Records every Content-Security-Policy violation of the page from its first document on: the
 * `securitypolicyviolation` events (collected before any of the page's own scripts run) and the console's
 * reports of what the policy blocked.
 */
const watchCsp = async (page: Page) => {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return {
    /** Opens a page, checks it was served with the portal's policy, and lets its code and requests settle. */
    async visit(path: string) {
      const response = await page.goto(path);
      const policy = response?.headers()['content-security-policy'] ?? '';
      expect(policy, path).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
      expect(policy, path).not.toMatch(/unsafe-eval/);
      await page.waitForLoadState('networkidle');
    },
    async expectNone(where: string) {
      const fromPage = await page.evaluate(() => window.__cspViolations ?? []);
      expect([...fromConsole, ...fromPage], where).toEqual([]);
    },
  };
};

test.describe('the Content-Security-Policy blocks nothing the portal does', () => {
  test('public pages, and the inline theme script runs under the policy', async ({ page }) => {
    const csp = await watchCsp(page);
    await csp.visit('/login');
    await expect(page.getByRole('heading', { name: 'Entrar no Farol' })).toBeVisible();
    // The theme script is allowed by its hash: a stored theme is applied before first paint.
    await page.evaluate(() => localStorage.setItem('farol:theme', 'oceano'));
    await csp.visit('/portal/login');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'oceano');
    await expect(page.getByRole('heading', { name: 'Portal do Cliente' })).toBeVisible();
    await csp.expectNone('public pages');
  });

  test('staff pages, with the live connection', async ({ page }) => {
    const csp = await watchCsp(page);
    await signIn(page, DEMO.admin);
    for (const path of ['/dashboard', '/support', '/messages', '/profile', '/settings', '/companies']) {
      await csp.visit(path);
      await csp.expectNone(path);
    }
    // A chamado and a conversation of the demo data (the browser's session cookie asks for them).
    const firstId = async (path: string) => {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      return ((await response.json()) as { items: { id: number }[] }).items[0]!.id;
    };
    for (const path of [
      `/support/ticket/${await firstId('/api/tickets?limit=1')}`,
      `/messages/${await firstId('/api/messages?limit=1')}`,
    ]) {
      await csp.visit(path);
      await csp.expectNone(path);
    }
  });

  test('client pages', async ({ page }) => {
    const csp = await watchCsp(page);
    await signIn(page, DEMO.clienteAcme, { portal: true });
    for (const path of ['/portal', '/portal/tickets', '/portal/messages', '/profile']) {
      await csp.visit(path);
      await csp.expectNone(path);
    }
  });
});

// A PDF keeps the server's `sandbox` policy only at its served URL: a `blob:` copy would run the viewer's
// scripts and forms with the portal's origin (issue 11, item 14).
test('a PDF attachment opens at its served, sandboxed URL, never as a blob', async ({ page, context }) => {
  await signIn(page, DEMO.admin);
  const ticket = await page.request.get('/api/tickets?limit=1');
  const { items } = (await ticket.json()) as { items: { id: number }[] };
  await page.goto(`/support/ticket/${items[0]!.id}`);
  const name = `laudo-${Date.now()}.pdf`;
  await page.getByLabel('Anexar arquivos').setInputFiles({
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
  });
  await page.getByRole('textbox', { name: 'Mensagem' }).fill('Segue o laudo em PDF.');
  await page.getByRole('button', { name: 'Enviar resposta' }).click();
  const link = page.getByRole('link', { name: new RegExp(name.replace('.', '\\.')) });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/api\//);

  const opened: string[] = [];
  context.on('request', (request) => {
    if (request.isNavigationRequest()) opened.push(request.url());
  });
  const popup = context.waitForEvent('page');
  await link.click();
  await popup;
  await expect.poll(() => opened.some((url) => url.endsWith(href))).toBe(true);
  expect(opened.filter((url) => url.startsWith('blob:'))).toEqual([]);

  const served = await page.request.get(href);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-security-policy']).toBe('sandbox');
});
