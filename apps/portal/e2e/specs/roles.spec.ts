import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO, expect, fillLoginForm, signIn, test } from '../support/fixtures';

const STRONG = 'farol-e2e-funcao-propria-lanterna';
const main = (page: Page) => page.getByRole('main');
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });

// An admin makes a custom role that only reads Tarefas, gives it to a person they invited, and that person,
// signing in, has Tarefas and nothing the role does not grant (no Suporte, no Empresas; /support is refused).
test('a custom role: created, assigned, and the person sees only what it grants', async ({
  page,
  browser,
}) => {
  // Two browsers and four screens: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const roleName = `Plantão de tarefas ${stamp}`;
  const email = `funcao-${stamp}@e2e.farol.dev`;

  // Gerenciar Usuários leads to the roles editor.
  await signIn(page, DEMO.admin);
  await sidebar(page).getByRole('link', { name: 'Gerenciar Usuários' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Gerenciar Usuários' })).toBeVisible();
  await main(page)
    .getByRole('navigation', { name: 'Mais em Gerenciar Usuários' })
    .getByRole('link', { name: 'Funções e permissões' })
    .click();
  await expect(page).toHaveURL(/\/user-management\/roles$/);
  const roles = main(page).getByRole('navigation', { name: 'Funções' });
  await expect(roles.getByRole('button', { name: /Administrador/ })).toBeVisible();

  // A new role with one key.
  await main(page).getByRole('button', { name: 'Nova função' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova função' });
  await dialog.getByRole('textbox', { name: /Nome/ }).fill(roleName);
  await dialog.getByRole('button', { name: 'Criar função' }).click();
  const editor = main(page).getByRole('form', { name: `Editar função ${roleName}` });
  await expect(editor).toBeVisible();
  await editor.getByRole('checkbox', { name: /Ver tarefas/ }).check();
  await editor.getByRole('button', { name: 'Salvar função' }).click();
  await expect(roles.getByRole('button', { name: new RegExp(roleName) })).toContainText('1 permissão');
  await expectNoAxeViolations(page);

  // A person invited as técnico, who chooses a password in a browser of their own.
  await sidebar(page).getByRole('link', { name: 'Gerenciar Usuários' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Gerenciar Usuários' })).toBeVisible();
  await expect(main(page).getByRole('region', { name: 'Contas de usuário' })).toContainText(
    'admin@farol.dev',
  );
  await main(page).getByRole('button', { name: 'Nova conta' }).click();
  const create = page.getByRole('dialog', { name: 'Nova conta' });
  await create.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await create.getByRole('textbox', { name: 'Nome', exact: true }).fill('Rita');
  await create.getByRole('textbox', { name: 'Sobrenome' }).fill('Função');
  await create.getByRole('button', { name: 'Enviar convite' }).click();
  const url = await create.getByRole('textbox', { name: 'Link do convite' }).inputValue();
  await create.getByRole('button', { name: 'Concluir' }).click();

  const context = await browser.newContext({ locale: 'pt-BR' });
  try {
    const person = await context.newPage();
    await person.goto(url);
    await expect(person.getByRole('heading', { level: 1, name: 'Bem-vindo(a), Rita Função' })).toBeVisible();
    await person.getByLabel(/^Nova senha/).fill(STRONG);
    await person.getByLabel(/^Confirme a nova senha/).fill(STRONG);
    await person.getByRole('button', { name: 'Criar senha' }).click();
    await expect(person.getByRole('heading', { level: 1, name: 'Senha criada' })).toBeVisible();

    // The admin gives the new role on the person's page (Acessos).
    await sidebar(page).getByRole('link', { name: 'Usuários', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Buscar usuários' }).fill(email);
    // Clicked at once, before the search's debounce: the person's page must win over the list's own URL update.
    await main(page)
      .getByRole('row')
      .filter({ hasText: email })
      .getByRole('link', { name: 'Rita Função' })
      .click();
    await expect(page).toHaveURL(/\/users\/\d+$/);
    const access = main(page).getByRole('form', { name: 'Acessos de Rita Função' });
    await access.getByRole('combobox', { name: 'Função' }).click();
    await page.getByRole('option', { name: roleName }).click();
    await expect(access).toContainText('A função já dá: Ver tarefas.');
    await access.getByRole('button', { name: 'Salvar acessos' }).click();
    await expect(page.getByText('Acessos de Rita Função salvos.')).toBeVisible();
    await expect(access.getByText('Permissões efetivas:').locator('..')).toContainText('Ver tarefas');

    // The person signs in: Tarefas is there, and nothing the role does not grant.
    await person.goto('/login');
    await fillLoginForm(person, email, STRONG);
    await expect(person).toHaveURL(/\/dashboard$/);
    const nav = sidebar(person);
    await expect(nav.getByRole('link', { name: 'Tarefas' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Suporte' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Empresas' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Gerenciar Usuários' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Tarefas' }).click();
    await expect(person).toHaveURL(/\/tasks$/);
    await person.goto('/support');
    await expect(person).toHaveURL(/\/403$/);
    await expect(person.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
  } finally {
    await context.close();
  }
});
