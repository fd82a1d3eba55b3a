import { expectNoAxeViolations } from '../support/axe';
import { DEMO, expect, signIn, test } from '../support/fixtures';
import { watchRealtime } from '../support/realtime';

// admin@farol.dev starts a conversation with Carla Cliente (cliente@acme.com.br); each in their own browser.
test('two people chat live: messages and the typing indicator arrive without a reload', async ({
  browser,
}) => {
  const staffContext = await browser.newContext();
  const clientContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    const staffRealtime = watchRealtime(staff);
    await signIn(staff, DEMO.admin);
    await staff.goto('/messages');
    await staffRealtime.connected();

    await staff.getByRole('button', { name: 'Nova conversa' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Nova conversa' });
    await dialog.getByLabel('Buscar pessoa').fill('Carla');
    await dialog.getByRole('button', { name: /Carla Cliente/ }).click();
    await expect(staff).toHaveURL(/\/messages\/\d+$/);
    const conversationId = Number(/\/messages\/(\d+)$/.exec(staff.url())?.[1]);
    await staffRealtime.joined(conversationId);
    await expect(staff.getByRole('heading', { level: 2, name: 'Carla Cliente' })).toBeVisible();

    const client = await clientContext.newPage();
    const clientRealtime = watchRealtime(client);
    await signIn(client, DEMO.clienteAcme, { portal: true });
    await client.goto(`/portal/messages/${conversationId}`);
    await clientRealtime.connected();
    await clientRealtime.joined(conversationId);
    const clientLog = client.getByRole('log', { name: 'Mensagens com Ana Administradora' });
    // A new conversation: the log is there, still empty.
    await expect(clientLog).toBeAttached();
    await expect(clientLog.getByRole('listitem')).toHaveCount(0);

    // Staff → client.
    const staffComposer = staff.getByRole('textbox', { name: 'Mensagem' });
    await staffComposer.fill('Olá, Carla! Como posso ajudar hoje?');
    await staffComposer.press('Enter');
    const staffLog = staff.getByRole('log', { name: 'Mensagens com Carla Cliente' });
    await expect(staffLog.getByText('Olá, Carla! Como posso ajudar hoje?')).toBeVisible();
    await expect(clientLog.getByText('Olá, Carla! Como posso ajudar hoje?')).toBeVisible();

    // The client types: the staff side sees who is typing.
    const clientComposer = client.getByRole('textbox', { name: 'Mensagem' });
    await clientComposer.pressSequentially('O scanner continua lento', { delay: 30 });
    await expect(staff.getByText('Carla Cliente está digitando…')).toBeVisible();

    // Client → staff (with the send button this time).
    await client.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(clientLog.getByText('O scanner continua lento')).toBeVisible();
    await expect(staffLog.getByText('O scanner continua lento')).toBeVisible();
    await expect(staff.getByText('Carla Cliente está digitando…')).toHaveCount(0, { timeout: 15_000 });

    await expectNoAxeViolations(staff);
    await expectNoAxeViolations(client);
  } finally {
    await staffContext.close();
    await clientContext.close();
  }
});

// Issue 18, item 6: the Globex client's "Nova conversa" asked for /api/profile/picture/1 and got a 404. Only
// pictures that exist are requested: initials stand in for the rest, and no picture request fails.
test('a client’s "Nova conversa" asks only for pictures that exist', async ({ page }) => {
  const failedPictures: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/profile/picture/') && !response.ok())
      failedPictures.push(response.url());
  });
  await signIn(page, DEMO.clienteGlobex, { portal: true });
  await page.goto('/portal/messages');
  await page.getByRole('button', { name: 'Nova conversa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova conversa' });
  await expect(dialog.getByRole('button').filter({ hasText: /\w/ }).first()).toBeVisible();
  // Give every avatar in the list its chance to load (or fail) before judging.
  await page.waitForLoadState('networkidle');
  expect(failedPictures).toEqual([]);
});
