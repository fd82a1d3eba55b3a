import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO, expect, fillLoginForm, signIn, test } from '../support/fixtures';

const STRONG = 'farol-e2e-cavalo-correto-bateria';
const main = (page: Page) => page.getByRole('main');
const fresh = (tag: string) => `${tag}-${Date.now().toString(36)}@e2e.farol.dev`;

/** Gerenciar Usuários through the sidebar, as an admin gets there. */
const openUserManagement = async (page: Page) => {
  await signIn(page, DEMO.admin);
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Gerenciar Usuários' })
    .click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Gerenciar Usuários' })).toBeVisible();
};

/** Fills "Nova conta" as an invitation and answers the link the dialog shows to copy (no SMTP in e2e). */
const invite = async (page: Page, email: string, firstName: string) => {
  await main(page).getByRole('button', { name: 'Nova conta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova conta' });
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(firstName);
  await dialog.getByRole('textbox', { name: 'Sobrenome' }).fill('Teste');
  await dialog.getByRole('button', { name: 'Enviar convite' }).click();
  await expect(dialog.getByRole('status')).toContainText('copie o link');
  const url = await dialog.getByRole('textbox', { name: 'Link do convite' }).inputValue();
  expect(url).toMatch(/\/convite\/[A-Za-z0-9_-]+$/);
  await dialog.getByRole('button', { name: 'Concluir' }).click();
  return url;
};

/** The invited person, in a browser of their own, opens the link and chooses a password. */
const accept = async (browser: Browser, url: string, name: string) => {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: `Bem-vindo(a), ${name} Teste` })).toBeVisible();
  // The policy: a common password is refused by the server, under its field.
  await page.getByLabel(/^Nova senha/).fill('senha12345');
  await page.getByLabel(/^Confirme a nova senha/).fill('senha12345');
  await page.getByRole('button', { name: 'Criar senha' }).click();
  await expect(page.getByText('Esta senha é muito comum')).toBeVisible();
  await page.getByLabel(/^Nova senha/).fill(STRONG);
  await page.getByLabel(/^Confirme a nova senha/).fill(STRONG);
  await expect(page.getByRole('meter')).toHaveAttribute('aria-valuetext', 'Forte');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Criar senha' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Senha criada' })).toBeVisible();
  return { context, page };
};

test('an admin invites a person, who chooses a password and signs in; the link works once', async ({
  page,
  browser,
}) => {
  // Two browsers, a password refused and one accepted, two sign-ins: more than a minute on a busy machine.
  test.setTimeout(150_000);
  const email = fresh('convidada');
  await openUserManagement(page);
  const url = await invite(page, email, 'Clara');
  await main(page).getByRole('searchbox').fill(email);
  await expect(main(page).getByRole('row', { name: new RegExp(email) })).toContainText('Convite pendente');

  const invited = await accept(browser, url, 'Clara');
  await invited.page.goto('/login');
  await fillLoginForm(invited.page, email, STRONG);
  await expect(invited.page).toHaveURL(/\/dashboard$/);
  // The link is spent.
  await invited.page.goto(url);
  await expect(invited.page.getByRole('heading', { level: 1, name: 'Convite expirado' })).toBeVisible();
  await invited.context.close();
});

test('suspending a person ends their live session in another browser, and their sign-in says why', async ({
  page,
  browser,
}) => {
  const email = fresh('suspensa');
  await openUserManagement(page);
  const url = await invite(page, email, 'Sara');
  const invited = await accept(browser, url, 'Sara');
  await invited.page.goto('/login');
  await fillLoginForm(invited.page, email, STRONG);
  await expect(invited.page).toHaveURL(/\/dashboard$/);

  await main(page).getByRole('searchbox').fill(email);
  const row = main(page).getByRole('row', { name: new RegExp(email) });
  await row.getByRole('button', { name: /Ações de Sara/ }).click();
  await page.getByRole('menuitem', { name: 'Suspender' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Suspender' }).click();
  await expect(row).toContainText('Suspenso');

  // The other browser's session is gone: its next request sends the person to the login.
  await invited.page.reload();
  await expect(invited.page).toHaveURL(/\/login/);
  await fillLoginForm(invited.page, email, STRONG);
  await expect(invited.page.getByRole('alert')).toContainText('Sua conta está suspensa');
  await invited.context.close();
});

test('a client gestor invites a colleague of their company from the portal', async ({ page, browser }) => {
  const email = fresh('colega');
  await signIn(page, DEMO.clienteAcme, { portal: true });
  const widget = main(page).getByRole('region', { name: 'Usuários da empresa' });
  await widget.getByRole('button', { name: 'Convidar colega' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convidar colega' });
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill('Caio');
  await dialog.getByRole('textbox', { name: 'Sobrenome' }).fill('Teste');
  await dialog.getByRole('button', { name: 'Enviar convite' }).click();
  const url = await dialog.getByRole('textbox', { name: 'Link do convite' }).inputValue();
  await dialog.getByRole('button', { name: 'Concluir' }).click();
  await expect(widget.getByRole('row', { name: new RegExp(email) })).toBeVisible();

  const colleague = await accept(browser, url, 'Caio');
  await colleague.page.goto('/portal/login');
  await fillLoginForm(colleague.page, email, STRONG);
  await expect(colleague.page).toHaveURL(/\/portal$/);
  await colleague.context.close();
});
