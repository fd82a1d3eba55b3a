import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO, expect, signIn, test } from '../support/fixtures';

const main = (page: Page) => page.getByRole('main');
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('farol:token'));

/** A name no other run's item holds (the database lives for the whole run). */
const fresh = (label: string) => `${label} ${Date.now().toString(36)}`;

const pick = async (page: Page, dialog: ReturnType<Page['getByRole']>, field: string, option: string) => {
  await dialog.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
};

test('staff create an item, reveal it with a reason, and the reveal log shows who, what and why', async ({
  page,
}) => {
  const name = fresh('Roteador Acme Campinas');
  await signIn(page, DEMO.admin);
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Senhas' })
    .click();
  await expect(page).toHaveURL(/\/passwords$/);
  await expect(main(page).getByRole('table', { name: 'Itens do cofre' })).toHaveAttribute(
    'aria-busy',
    'false',
  );

  await main(page).getByRole('button', { name: 'Novo item' }).click();
  const form = page.getByRole('dialog', { name: 'Novo item do cofre' });
  await form.getByRole('textbox', { name: 'Nome' }).fill(name);
  await pick(page, form, 'Empresa', 'Acme');
  await pick(page, form, 'Pasta', 'Infraestrutura Acme');
  await form.getByRole('textbox', { name: 'Usuário' }).fill('admin');
  await form.getByRole('textbox', { name: 'Senha', exact: true }).fill('Roteador#Campinas-2026');
  await form.getByRole('button', { name: 'Guardar no cofre' }).click();

  await expect(main(page).getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(main(page).getByLabel('Senha oculta')).toHaveText(/•+/);
  await expect(page.getByText('Roteador#Campinas-2026')).toHaveCount(0);

  // The folder asks why: the reason goes with the reveal.
  await main(page).getByRole('button', { name: 'Revelar senha' }).click();
  const why = page.getByRole('dialog', { name: 'Por que revelar?' });
  await why.getByRole('textbox', { name: 'Motivo' }).fill('Troca da regra de NAT');
  await why.getByRole('button', { name: 'Revelar' }).click();
  await expect(main(page).getByLabel('Senha', { exact: true })).toHaveText('Roteador#Campinas-2026');

  const log = main(page).getByRole('list', { name: 'Registro de revelações' });
  await expect(log).toContainText('Ana Administradora');
  await expect(log).toContainText('Revelou');
  await expect(log).toContainText('Motivo: Troca da regra de NAT');
  await expectNoAxeViolations(page);
});

test('a person whose access is "usar" sees the item but cannot reveal it, on the page or by the API', async ({
  page,
}) => {
  const name = fresh('Switch Acme');
  // The admin keeps an item and gives the gestor role only "usar" on it.
  await signIn(page, DEMO.admin);
  const adminToken = await tokenOf(page);
  const headers = { authorization: `Bearer ${adminToken}` };
  const created = await page.request.post('/api/passwords', {
    headers,
    data: { kind: 'login', name, username: 'admin', secrets: { password: 'Switch-Acme-9' } },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const granted = await page.request.put(`/api/passwords/${id}/access`, {
    headers,
    data: { grants: [{ subject: { kind: 'role', role: 'gestor' }, level: 'usar' }] },
  });
  expect(granted.status()).toBe(200);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await signIn(page, DEMO.gestor);
  await page.goto(`/passwords/${id}`);
  await expect(main(page).getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(main(page).getByText('Só uso em conexões')).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Revelar senha' })).toHaveCount(0);
  await expect(main(page).getByRole('button', { name: 'Copiar senha' })).toHaveCount(0);

  const refused = await page.request.post(`/api/passwords/${id}/reveal`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    data: { field: 'password' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toContain('"usar"');
  expect(await refused.text()).not.toContain('Switch-Acme-9');
});

test('an admin shares a new folder with the gestor role as "usar" from Pastas, and its next item is used, never revealed', async ({
  page,
}) => {
  const folder = fresh('Câmeras Acme');
  const name = fresh('NVR Acme');
  await signIn(page, DEMO.admin);
  await page.goto('/passwords');
  await main(page).getByRole('link', { name: 'Pastas' }).click();
  await expect(page).toHaveURL(/\/passwords\/folders$/);
  await main(page).getByRole('button', { name: 'Nova pasta' }).click();
  const form = page.getByRole('dialog', { name: 'Nova pasta' });
  await form.getByRole('textbox', { name: 'Nome' }).fill(folder);
  await pick(page, form, 'Empresa', 'Acme');
  await form.getByRole('button', { name: 'Criar pasta' }).click();
  const row = main(page).getByRole('row').filter({ hasText: folder });
  await expect(row).toContainText('0 itens');

  await row.getByRole('button', { name: `Acessos de ${folder}` }).click();
  const access = page.getByRole('dialog', { name: `Acessos de ${folder}` });
  await expect(access.getByText(/Sem acessos próprios/)).toBeVisible();
  await access.getByRole('combobox', { name: 'Pessoa ou função' }).fill('Gestor');
  await page.getByRole('option', { name: /Função: Gestor/ }).click();
  await pick(page, access, 'Nível do novo acesso', 'Usar');
  await access.getByRole('button', { name: 'Adicionar' }).click();
  await expect(access.getByRole('combobox', { name: 'Nível de Gestor' })).toHaveText('Usar');
  await expectNoAxeViolations(page);
  await access.getByRole('button', { name: 'Salvar acessos' }).click();
  await expect(access).toBeHidden();

  // An item added to the folder afterwards: the folder's grant covers it.
  const options = await page.request.get('/api/passwords/options', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  const { folders } = (await options.json()) as {
    folders: { id: number; name: string; company: { id: number } | null }[];
  };
  const box = folders.find((entry) => entry.name === folder)!;
  const created = await page.request.post('/api/passwords', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    data: {
      kind: 'login',
      name,
      company_id: box.company!.id,
      folder_id: box.id,
      secrets: { password: 'Nvr-Acme-77' },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await signIn(page, DEMO.gestor);
  await page.goto(`/passwords/${id}`);
  await expect(main(page).getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(main(page).getByText('Só uso em conexões')).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Revelar senha' })).toHaveCount(0);
  await expect(main(page).getByRole('button', { name: 'Acessos' })).toHaveCount(0);
});

test('staff import a Bitwarden CSV from Importar e exportar: the preview, the report row by row, and the items in the vault', async ({
  page,
}) => {
  const mark = Date.now().toString(36);
  const csv = [
    'folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp',
    `Rede,,login,Firewall importado ${mark},,,0,https://fw.acme.local,admin,Fw-${mark}-senha,`,
    `Rede,,login,Wi-Fi importado ${mark},"Rede das visitas",,0,,,WiFi-${mark}-senha,`,
    `,,card,Cartão ${mark},,,,,,,`,
  ].join('\n');
  await signIn(page, DEMO.admin);
  await page.goto('/passwords');
  await main(page).getByRole('link', { name: 'Importar/Exportar' }).click();
  await expect(page).toHaveURL(/\/passwords\/transfer/);
  const form = main(page).getByRole('form', { name: 'Importar para o cofre' });
  await pick(page, form, 'Empresa', 'Acme');
  await form.getByLabel('Arquivo').setInputFiles({
    name: 'bitwarden.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await form.getByRole('button', { name: 'Pré-visualizar' }).click();

  const preview = main(page).getByRole('region', { name: 'Pré-visualização da importação' });
  await expect(preview.getByRole('status')).toHaveText('2 serão importados, 1 ignorado, 0 com erro');
  await expect(preview.getByRole('row').filter({ hasText: `Firewall importado ${mark}` })).toContainText(
    'Será importado',
  );
  await expect(page.getByText(`Fw-${mark}-senha`)).toHaveCount(0);
  await main(page).getByRole('button', { name: 'Importar 2 itens' }).click();

  const report = main(page).getByRole('region', { name: 'Relatório da importação' });
  await expect(report.getByRole('status')).toHaveText('2 importados, 1 ignorado, 0 com erro');
  await expect(report.getByRole('row').filter({ hasText: `Wi-Fi importado ${mark}` })).toContainText(
    'Importado',
  );
  await expect(report.getByRole('row').filter({ hasText: `Cartão ${mark}` })).toContainText('Ignorado');
  await expect(page.getByText(`WiFi-${mark}-senha`)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await main(page).getByRole('link', { name: 'Abrir o cofre' }).click();
  await expect(page).toHaveURL(/\/passwords\?empresa=\d+/);
  await main(page).getByLabel('Buscar').fill(mark);
  const table = main(page).getByRole('table', { name: 'Itens do cofre' });
  await expect(table.getByRole('row').filter({ hasText: `Firewall importado ${mark}` })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: `Wi-Fi importado ${mark}` })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: `Cartão ${mark}` })).toHaveCount(0);
});
