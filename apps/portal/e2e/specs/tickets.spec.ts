import type { Locator } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO, expect, pageHeading, signIn, test } from '../support/fixtures';
import { watchRealtime } from '../support/realtime';

/** A 1×1 PNG: a real image the server accepts by its bytes. */
const SCREENSHOT = {
  name: 'erro-impressora.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/** The unread count the bell announces in its accessible name. */
const unreadCount = async (bell: Locator) => {
  const name = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/(\d+) não lidas?/.exec(name)?.[1] ?? 0);
};

// The client (cliente@acme.com.br) and the admin, each in their own browser, work one new chamado end to end.
test('a chamado opened in the portal reaches staff live; the reply reaches the client, the internal note never does', async ({
  browser,
}) => {
  const subject = `Impressora do financeiro parada ${Date.now()}`;
  const note = 'Nota interna: verificar o contrato de manutenção antes de ligar para o fornecedor.';
  const reply = 'Olá! Já estamos verificando a impressora; um técnico passa aí hoje à tarde.';
  const staffContext = await browser.newContext();
  const clientContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    const staffRealtime = watchRealtime(staff);
    await signIn(staff, DEMO.admin);
    await staff.goto('/support');
    await expect(staff.getByRole('heading', { name: 'Chamados', level: 2 })).toBeVisible();
    await staffRealtime.connected();

    // The client opens a chamado with a screenshot.
    const client = await clientContext.newPage();
    const clientRealtime = watchRealtime(client);
    await signIn(client, DEMO.clienteAcme, { portal: true });
    await client.goto('/portal/tickets');
    await expect(pageHeading(client)).toHaveText('Chamados');
    await clientRealtime.connected();
    const bell = client.getByRole('button', { name: /^Notificações/ });
    await expect(bell).toHaveAccessibleName(/^Notificações/);
    const unreadBefore = await unreadCount(bell);

    await client.getByRole('button', { name: 'Novo chamado' }).first().click();
    const dialog = client.getByRole('dialog', { name: 'Novo chamado' });
    await dialog.getByRole('button', { name: 'Abrir chamado' }).click();
    // Nothing filled in: the form says what is missing and sends nothing.
    await expect(dialog.getByLabel('Assunto')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Assunto').fill(subject);
    await dialog.getByLabel('Descrição').fill('A impressora do financeiro mostra "erro 50.4" desde cedo.');
    await dialog.getByLabel('Prioridade').selectOption('alta');
    await dialog.getByLabel('Anexar arquivos').setInputFiles(SCREENSHOT);
    await expect(dialog.getByRole('list', { name: 'Arquivos anexados' })).toContainText(SCREENSHOT.name);
    await dialog.getByRole('button', { name: 'Abrir chamado' }).click();
    await expect(client).toHaveURL(/\/portal\/tickets\/\d+$/);
    const ticketId = Number(/\/portal\/tickets\/(\d+)$/.exec(client.url())?.[1]);
    await expect(client.getByRole('heading', { name: new RegExp(subject) })).toBeVisible();
    await expect(client.getByRole('img', { name: SCREENSHOT.name })).toBeVisible();

    // Staff see it arrive in the list without reloading, and open it.
    const row = staff.getByRole('row').filter({ hasText: subject });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await row.getByRole('link', { name: subject }).click();
    await expect(staff).toHaveURL(new RegExp(`/support/ticket/${ticketId}$`));
    await expect(staff.getByRole('img', { name: SCREENSHOT.name })).toBeVisible();

    // Assign it to themself, take it on, leave an internal note, then answer the client.
    await staff.getByRole('button', { name: 'Atribuir a mim' }).click();
    await expect(staff.getByLabel('Responsável')).toHaveValue(/\d+/);
    await expect(staff.getByRole('button', { name: 'Atribuir a mim' })).toHaveCount(0);
    await staff.getByLabel('Status').selectOption('em andamento');
    await expect(staff.getByLabel('Status')).toHaveValue('em andamento');

    // The mode switch is a pair of labelled radios drawn as a segmented control: a person clicks the label.
    const mode = (name: string) => staff.locator('label').filter({ has: staff.getByRole('radio', { name }) });
    await mode('Nota interna').click();
    await expect(staff.getByRole('radio', { name: 'Nota interna' })).toBeChecked();
    await staff.getByRole('textbox', { name: 'Nota interna' }).fill(note);
    await staff.getByRole('button', { name: 'Adicionar nota' }).click();
    await expect(staff.getByText(note)).toBeVisible();

    await mode('Responder ao cliente').click();
    await staff.getByRole('textbox', { name: 'Mensagem' }).fill(reply);
    await staff.getByRole('button', { name: 'Enviar resposta' }).click();
    await expect(staff.getByText(reply)).toBeVisible();
    await expectNoAxeViolations(staff);

    // The client, still on the chamado, gets the reply live and one notification (the note made none).
    // In the thread (a toast also shows the notification's text while the page is in view).
    await expect(client.getByRole('main').getByText(reply)).toBeVisible({ timeout: 15_000 });
    await expect(client.getByText('Em andamento').first()).toBeVisible();
    await expect(bell).toHaveAccessibleName(
      `Notificações, ${unreadBefore + 1} ${unreadBefore + 1 === 1 ? 'não lida' : 'não lidas'}`,
    );
    await bell.click();
    const center = client.getByRole('dialog', { name: 'Notificações' });
    await expect(center.getByRole('listitem').filter({ hasText: subject }).first()).toContainText(
      'Nova resposta no chamado',
    );
    await client.keyboard.press('Escape');
    await expect(client.getByText(note)).toHaveCount(0);

    // Not after a reload either, and not through the API the page uses.
    await client.reload();
    await expect(client.getByRole('main').getByText(reply)).toBeVisible();
    await expect(client.getByText(note)).toHaveCount(0);
    const thread = await client.evaluate(async (id) => {
      const token = localStorage.getItem('farol:token') ?? '';
      const response = await fetch(`/api/tickets/${id}/messages`, {
        credentials: 'include',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return { status: response.status, text: await response.text() };
    }, ticketId);
    expect(thread.status).toBe(200);
    expect(thread.text).toContain(reply);
    expect(thread.text).not.toContain(note);
    await expectNoAxeViolations(client);
  } finally {
    await staffContext.close();
    await clientContext.close();
  }
});
