import { expectNoAxeViolations } from '../support/axe';
import { DEMO, expect, fillLoginForm, signIn, test } from '../support/fixtures';

test.describe('anonymous visitors', () => {
  test('a staff path sends them to /login and back there after signing in', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
    await fillLoginForm(page, DEMO.admin);
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('radiogroup', { name: 'Tema de cores' })).toBeVisible();
  });

  test('a portal path sends them to /portal/login', async ({ page }) => {
    await page.goto('/portal/messages');
    await expect(page).toHaveURL(/\/portal\/login$/);
  });

  test('/ and unknown paths send them to /login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/nada-aqui/123');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('clients', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.clienteAcme, { portal: true });
    await expect(page).toHaveURL(/\/portal$/);
  });

  test('a staff path sends them to /portal', async ({ page }) => {
    for (const path of ['/dashboard', '/passwords', '/user-management', '/nada-aqui']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/portal$/);
    }
  });

  test('the support paths are aliases of the portal (design.md §3)', async ({ page }) => {
    const aliases: [string, RegExp][] = [
      ['/messages', /\/portal\/messages$/],
      ['/support', /\/portal(\/tickets)?$/],
    ];
    for (const [path, expected] of aliases) {
      await page.goto(path);
      await expect(page, path).toHaveURL(expected);
    }
  });

  test('/settings and /profile stay open to them', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('radiogroup', { name: 'Tema de cores' })).toBeVisible();
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Carla');
  });
});

test.describe('staff', () => {
  test('a portal path sends them to /dashboard', async ({ page }) => {
    await signIn(page, DEMO.gestor);
    for (const path of ['/portal', '/portal/messages']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/dashboard$/);
    }
  });

  test('a missing permission sends them to /403', async ({ page }) => {
    await signIn(page, DEMO.tecnico);
    for (const path of ['/passwords', '/user-management']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/403$/);
      await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    }
    await expectNoAxeViolations(page);
  });

  test('the sidebar shows only what the permissions allow', async ({ page }) => {
    await signIn(page, DEMO.tecnico);
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Configurações' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Senhas' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Gerenciar Usuários' })).toHaveCount(0);
  });

  test('/ and unknown paths go to /dashboard', async ({ page }) => {
    await signIn(page, DEMO.gestor);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/nada-aqui/123');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
