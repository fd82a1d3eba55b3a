import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO, expect, pageHeading, signIn, test } from '../support/fixtures';

/** Opens the first conversation of the list and waits for its messages. */
const openFirstConversation = async (page: Page, url: RegExp) => {
  await page.getByRole('list', { name: 'Conversas' }).getByRole('link').first().click();
  await expect(page).toHaveURL(url);
  await expect(
    page
      .getByRole('log', { name: /^Mensagens com / })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
};

// Every page a person reaches, checked by axe once its content is on screen (design.md §7): one test per
// page, so a busy machine never runs one test long enough to time out.
test.describe('public pages have no axe violation', () => {
  test('/login', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Entrar no Farol' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('/portal/login, with a validation message', async ({ page }) => {
    await page.goto('/portal/login');
    await expect(page.getByRole('heading', { name: 'Portal do Cliente' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText('Informe sua senha')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('staff pages have no axe violation', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.admin);
  });

  test('/dashboard', async ({ page }) => {
    await expect(pageHeading(page)).toHaveText('Dashboard');
    await expect(page.getByRole('heading', { name: 'Atalhos' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('/messages and a conversation', async ({ page }) => {
    await page.goto('/messages');
    await expect(page.getByRole('heading', { name: 'Conversas' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Conversas' })).toBeVisible();
    await expectNoAxeViolations(page);
    await openFirstConversation(page, /\/messages\/\d+$/);
    await expectNoAxeViolations(page);
  });

  test('/profile', async ({ page }) => {
    await page.goto('/profile');
    await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Ana');
    await expectNoAxeViolations(page);
  });

  test('/settings and the notification centre', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.getByRole('radiogroup', { name: 'Tema de cores' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /^Notificações/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notificações' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('client pages have no axe violation', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.clienteAcme, { portal: true });
    await expect(page).toHaveURL(/\/portal$/);
  });

  test('/portal', async ({ page }) => {
    await expect(pageHeading(page)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('/portal/messages and a conversation, on a phone too', async ({ page }) => {
    await page.goto('/portal/messages');
    await expect(page.getByRole('list', { name: 'Conversas' })).toBeVisible();
    await expectNoAxeViolations(page);
    await openFirstConversation(page, /\/portal\/messages\/\d+$/);
    await expectNoAxeViolations(page);
    // The phone width where the history had to scroll by keyboard (scrollable-region-focusable).
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('region', { name: 'Histórico de mensagens' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('/profile', async ({ page }) => {
    await page.goto('/profile');
    await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Carla');
    await expectNoAxeViolations(page);
  });
});
