import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO, expect, signIn, test } from '../support/fixtures';

const main = (page: Page) => page.getByRole('main');

/** A name no other run's request holds (the database lives for the whole run). */
const fresh = (label: string) => `${label} ${Date.now().toString(36)}`;

test('a client request link lands a credential: staff make the link, a contact sends it without signing in, staff see and reveal the item', async ({
  page,
  browser,
}) => {
  const title = fresh('Roteador da recepção');
  await signIn(page, DEMO.admin);
  await page.goto('/passwords/requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Pedidos de credencial' })).toBeVisible();
  await main(page).getByRole('button', { name: 'Pedir credencial' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Pedir credencial ao cliente' });
  await dialog.getByRole('combobox', { name: 'Empresa' }).click();
  await page.getByRole('option', { name: /Acme/ }).first().click();
  await dialog.getByRole('textbox', { name: 'O que você está pedindo' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Mensagem ao cliente' }).fill('Pode mandar a senha do painel?');
  await dialog.getByRole('button', { name: 'Criar link' }).click();
  const shown = page.getByRole('dialog', { name: 'Link do pedido' });
  const link = await shown.getByRole('textbox').inputValue();
  expect(link).toMatch(/\/credencial\/[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Concluído' }).click();
  await expect(main(page).getByRole('list', { name: 'Pedidos de credencial' })).toContainText(title);

  // A client contact, without a session, opens the link and types the credential.
  const visitor = await browser.newContext();
  try {
    const contact = await visitor.newPage();
    await contact.goto(new URL(link).pathname);
    await expect(contact.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(contact.getByText('Pode mandar a senha do painel?')).toBeVisible();
    await contact.getByRole('textbox', { name: 'Seu nome' }).fill('Diego da Acme');
    await contact.getByRole('textbox', { name: 'Usuário' }).fill('admin');
    await contact.getByLabel('Senha', { exact: true }).fill('Recepcao#2026');
    await expectNoAxeViolations(contact);
    await contact.getByRole('button', { name: 'Enviar com segurança' }).click();
    await expect(contact.getByRole('heading', { level: 1, name: 'Credencial enviada' })).toBeVisible();
    // The link is dead now.
    await contact.reload();
    await expect(contact.getByRole('heading', { level: 1, name: 'Link já usado' })).toBeVisible();
    await expect(contact.getByRole('alert')).toContainText('Este link já foi usado');
  } finally {
    await visitor.close();
  }

  // Staff see it received, open the item and reveal what the contact typed.
  await page.reload();
  const row = main(page).getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('Recebida');
  await row.getByRole('link', { name: 'Abrir item' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(main(page)).toContainText('Enviadas pelo cliente');
  await main(page).getByRole('button', { name: 'Revelar senha' }).click();
  await expect(main(page).getByLabel('Senha', { exact: true })).toHaveText('Recepcao#2026');
});
