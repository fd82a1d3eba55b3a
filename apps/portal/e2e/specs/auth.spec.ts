import { expectNoAxeViolations } from '../support/axe';
import { DEMO, expect, fillLoginForm, pageHeading, signIn, test } from '../support/fixtures';

test.describe('sign in', () => {
  test('staff login lands on /dashboard', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Entrar no Farol' })).toBeVisible();
    await expectNoAxeViolations(page);
    await fillLoginForm(page, DEMO.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(pageHeading(page)).toHaveText('Dashboard');
    await expect(page).toHaveTitle('Farol — Suporte e Operações');
    await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible();
  });

  test('client login lands on /portal', async ({ page }) => {
    await page.goto('/portal/login');
    await expect(page.getByRole('heading', { name: 'Portal do Cliente' })).toBeVisible();
    await expectNoAxeViolations(page);
    await fillLoginForm(page, DEMO.clienteAcme);
    await expect(page).toHaveURL(/\/portal$/);
    await expect(page).toHaveTitle('Farol — Portal do Cliente');
  });

  test('a wrong password shows the server text and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await fillLoginForm(page, DEMO.gestor, 'senha-errada');
    await expect(page.getByRole('alert')).toHaveText(/.+/);
    await expect(page.getByRole('alert')).not.toHaveText('Falha no login');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('empty fields are named before anything is sent', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText('Informe seu e-mail ou usuário')).toBeVisible();
    await expect(page.getByText('Informe sua senha')).toBeVisible();
    await expect(page.getByLabel('E-mail ou usuário')).toBeFocused();
  });

  test('a signed-in person who opens /login goes home', async ({ page }) => {
    await signIn(page, DEMO.gestor);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
