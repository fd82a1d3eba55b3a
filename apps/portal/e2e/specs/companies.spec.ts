import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO, expect, signIn, test } from '../support/fixtures';

/** The check digits of a numeric CNPJ's first 12 digits (mod 11, weights 2…9 from the right). */
const cnpjWithDigits = (first12: string) => {
  const digit = (base: string) => {
    let sum = 0;
    let weight = 2;
    for (let index = base.length - 1; index >= 0; index -= 1) {
      sum += Number(base[index]) * weight;
      weight = weight === 9 ? 2 : weight + 1;
    }
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(first12);
  return `${first12}${first}${digit(`${first12}${first}`)}`;
};

/** A root of 8 digits no demo company has, different on every run (the database lives for the whole run). */
const freshRoot = () => `9${String(Date.now()).slice(-7)}`;

const main = (page: Page) => page.getByRole('main');

/**
 * Types a search and waits until the list shows its answer (the URL holds it and the list is no longer busy),
 * so a click never lands on a row the answer is about to replace.
 */
const searchCompanies = async (page: Page, text: string) => {
  await main(page).getByRole('searchbox', { name: 'Buscar empresas' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`));
  await expect(main(page).getByRole('region', { name: 'Lista de empresas' })).not.toHaveAttribute(
    'aria-busy',
    'true',
  );
};

/** /companies through the sidebar's entry, as a person gets there. */
const openCompanies = async (page: Page) => {
  await signIn(page, DEMO.admin);
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Empresas' })
    .click();
  await expect(page).toHaveURL(/\/companies$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Empresas' })).toBeVisible();
  await expect(main(page).getByRole('table', { name: 'Empresas' })).toHaveAttribute('aria-busy', 'false');
};

test('staff create a company, then a branch and a contact on its page', async ({ page }) => {
  const root = freshRoot();
  const name = `Vértice Engenharia ${root}`;
  await openCompanies(page);

  await main(page).getByRole('button', { name: 'Nova empresa' }).click();
  const form = page.getByRole('dialog', { name: 'Nova empresa' });
  await form.getByRole('textbox', { name: 'Nome fantasia' }).fill(name);
  await form.getByRole('textbox', { name: 'Razão social' }).fill(`${name} Projetos Ltda.`);
  // A CNPJ with a wrong check digit is refused under its field before anything is sent.
  const cnpj = form.getByRole('textbox', { name: 'CNPJ' });
  await cnpj.pressSequentially(`${root}000100`);
  await form.getByRole('button', { name: 'Cadastrar empresa' }).click();
  await expect(cnpj).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('CNPJ inválido')).toBeVisible();
  await cnpj.fill('');
  await cnpj.pressSequentially(cnpjWithDigits(`${root}0001`));
  await expect(cnpj).toHaveValue(/^\d\d\.\d{3}\.\d{3}\/0001-\d\d$/);
  await form.getByRole('textbox', { name: 'Domínios de e-mail' }).fill(`vertice${root}.com.br`);
  await form.getByRole('textbox', { name: 'Domínios de e-mail' }).press('Enter');
  await form.getByRole('button', { name: 'Cadastrar empresa' }).click();

  // The new company opens.
  await expect(page).toHaveURL(/\/companies\/\d+$/);
  await expect(main(page).getByRole('heading', { level: 1, name })).toBeVisible();
  await expectNoAxeViolations(page);

  // A branch: its CNPJ starts with the company's root and the next order number.
  await page.getByRole('tab', { name: /^Filiais/ }).click();
  await expect(page).toHaveURL(/\?tab=filiais$/);
  await main(page).getByRole('button', { name: 'Nova filial' }).click();
  const branch = page.getByRole('dialog', { name: 'Nova filial' });
  await expect(branch.getByRole('textbox', { name: 'CNPJ' })).toHaveValue(new RegExp(`/0002-\\d\\d$`));
  await branch.getByRole('textbox', { name: 'Nome' }).fill('Filial Centro');
  await branch.getByRole('textbox', { name: 'CEP' }).fill('01310100');
  // No CEP provider on this server: the form says so and stays editable.
  await expect(branch.getByText('Endereço não encontrado pelo CEP: preencha os campos.')).toBeVisible();
  await branch.getByRole('textbox', { name: 'Logradouro' }).fill('Avenida Paulista');
  await branch.getByRole('textbox', { name: 'Número' }).fill('1000');
  await branch.getByRole('textbox', { name: 'Cidade' }).fill('São Paulo');
  await branch.getByRole('combobox', { name: 'UF' }).click();
  await page.getByRole('option', { name: 'SP', exact: true }).click();
  await branch.getByRole('button', { name: 'Cadastrar filial' }).click();
  await expect(branch).toBeHidden();
  const branches = main(page).getByRole('table', { name: 'Filiais' });
  await expect(branches.getByRole('row').filter({ hasText: 'Filial Centro' })).toContainText(
    'Avenida Paulista, 1000 – São Paulo/SP, CEP 01310-100',
  );

  // A contact, VIP, reachable on WhatsApp.
  await page.getByRole('tab', { name: /^Contatos/ }).click();
  await main(page).getByRole('button', { name: 'Novo contato' }).click();
  const contact = page.getByRole('dialog', { name: 'Novo contato' });
  await contact.getByRole('textbox', { name: 'Nome' }).fill('Renata Campos');
  await contact.getByRole('textbox', { name: 'E-mail' }).fill(`renata@vertice${root}.com.br`);
  await contact.getByRole('textbox', { name: 'Celular' }).fill('11987654321');
  await contact.getByRole('checkbox', { name: 'Celular com WhatsApp' }).click();
  await contact.getByRole('checkbox', { name: /^VIP/ }).click();
  await contact.getByRole('button', { name: 'Cadastrar contato' }).click();
  await expect(contact).toBeHidden();
  const card = main(page)
    .getByRole('list', { name: 'Contatos' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Renata Campos' }) });
  await expect(card.getByText('VIP')).toBeVisible();
  await expect(card.getByRole('link', { name: /^WhatsApp/ })).toHaveAttribute(
    'href',
    'https://wa.me/5511987654321',
  );

  // Each write is in the company's activity.
  await page.getByRole('tab', { name: 'Atividade' }).click();
  const activity = main(page).getByRole('list', { name: 'Atividade da empresa' });
  await expect(activity).toContainText('cadastrou o contato Renata Campos');
  await expect(activity).toContainText('cadastrou a filial Filial Centro');
  await expectNoAxeViolations(page);
});

test('a CSV with one bad row: the good rows are saved, the report lists the bad one', async ({ page }) => {
  const stamp = freshRoot();
  await openCompanies(page);
  await main(page).getByRole('button', { name: 'Importar CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar CSV' });
  await expect(dialog.getByRole('radio', { name: 'Empresas' })).toBeChecked();
  const csv = [
    'nome;razao_social;cnpj;tipo',
    `Nova Era ${stamp};Nova Era Serviços ${stamp} Ltda.;;cliente`,
    `CNPJ Errado ${stamp};CNPJ Errado ${stamp} Ltda.;11.222.333/0001-00;cliente`,
    `Boa Vista ${stamp};Boa Vista Comércio ${stamp} Ltda.;;fornecedor`,
  ].join('\n');
  await dialog
    .getByLabel('Arquivo CSV')
    .setInputFiles({ name: 'empresas.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await dialog.getByRole('button', { name: 'Importar' }).click();

  const report = dialog.getByRole('region', { name: 'Relatório da importação' });
  await expect(report.getByRole('status')).toContainText('2 criadas, 0 atualizadas');
  const refused = report.getByRole('table', { name: 'Linhas recusadas' }).getByRole('row');
  await expect(refused).toHaveCount(2);
  await expect(refused.nth(1)).toContainText('3');
  await expect(refused.nth(1)).toContainText('cnpj');
  await expect(refused.nth(1)).toContainText('CNPJ inválido');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Concluir' }).click();

  // The saved rows are in the list; the refused one is not.
  await main(page).getByRole('searchbox', { name: 'Buscar empresas' }).fill(stamp);
  const table = main(page).getByRole('table', { name: 'Empresas' });
  await expect(table.getByRole('link', { name: `Nova Era ${stamp}` })).toBeVisible();
  await expect(table.getByRole('link', { name: `Boa Vista ${stamp}` })).toBeVisible();
  await expect(table.getByRole('link', { name: `CNPJ Errado ${stamp}` })).toHaveCount(0);
});

test("a company's chamados are a tab of its page, each one a link to the chamado", async ({ page }) => {
  await openCompanies(page);
  // The search ignores case; the whole row opens the company.
  await searchCompanies(page, 'acme');
  const table = main(page).getByRole('table', { name: 'Empresas' });
  await table.getByRole('link', { name: 'Acme', exact: true }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Acme' })).toBeVisible();

  await page.getByRole('tab', { name: /^Chamados/ }).click();
  await expect(page).toHaveURL(/\?tab=chamados$/);
  const tickets = main(page).getByRole('list', { name: 'Chamados de Acme' });
  await expect(tickets.getByRole('listitem').first()).toBeVisible();
  await expect(tickets).not.toContainText('Globex');
  await expectNoAxeViolations(page);
  const first = tickets.getByRole('listitem').first().getByRole('link');
  const subject = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/support\/ticket\/\d+$/);
  await expect(
    page.getByRole('heading', { name: new RegExp(subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }),
  ).toBeVisible();
});

test("a company's figures lead to its open chamados, which narrow to one of its filiais", async ({
  page,
}) => {
  await openCompanies(page);
  await searchCompanies(page, 'acme');
  await main(page)
    .getByRole('table', { name: 'Empresas' })
    .getByRole('link', { name: 'Acme', exact: true })
    .click();
  const figures = main(page).getByRole('group', { name: 'Indicadores' });
  await expect(figures.getByRole('heading', { name: 'Chamados abertos' })).toBeVisible();
  await figures.getByRole('link', { name: 'Ver chamados abertos' }).click();
  await expect(page).toHaveURL(/\/support\?company=\d+&open=true$/);

  const company = main(page).getByRole('combobox', { name: 'Empresa' });
  await expect(company).toHaveValue(/^\d+$/);
  const branch = main(page).getByRole('combobox', { name: 'Filial' });
  await expect(branch).toBeEnabled();
  // Acme's branches (by name), none of another company's.
  await expect(branch.locator('option')).toHaveText([
    'Todas',
    'Filial Belo Horizonte',
    'Filial Campinas',
    'Matriz São Paulo',
  ]);
  await branch.selectOption({ label: 'Filial Campinas' });
  await expect(page).toHaveURL(/[?&]branch=\d+/);
  // The demo's open chamado of Campinas, and nothing of another filial.
  const table = main(page).getByRole('table');
  await expect(table.getByRole('link', { name: 'Lentidão no sistema de vendas' })).toBeVisible();
  await expect(table).not.toContainText('Impressora da recepção não imprime');
  await table.getByRole('link', { name: 'Lentidão no sistema de vendas' }).click();
  await expect(page.getByRole('region', { name: 'Detalhes' })).toContainText('Filial Campinas');
  await expectNoAxeViolations(page);
});
