import { expectNoAxeViolations } from '../support/axe';
import { DEMO, expect, signIn, test } from '../support/fixtures';
import { watchRealtime } from '../support/realtime';

// gestor@farol.dev (users.view) finds Gabriel Globex (cliente@globex.com.br) in the directory, opens his page,
// sees him come online when he signs in in another browser and go offline when that browser closes, then opens
// a conversation with him. No other flow opens a live connection as Gabriel, so his presence is this test's.
test('the directory: search a person, see their presence change live, open a conversation', async ({
  browser,
}) => {
  const staffContext = await browser.newContext();
  const clientContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    const staffRealtime = watchRealtime(staff);
    await signIn(staff, DEMO.gestor);
    await staff
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'Usuários' })
      .click();
    await expect(staff).toHaveURL(/\/users$/);
    await staffRealtime.connected();
    const table = staff.getByRole('table', { name: 'Usuários' });
    await expect(table.getByRole('link', { name: 'Ana Administradora' })).toBeVisible();
    await expectNoAxeViolations(staff);

    // Accents and case do not matter: "GLOBEX" finds Gabriel by his e-mail and name.
    await staff.getByRole('searchbox', { name: 'Buscar usuários' }).fill('GLOBEX');
    await expect(staff).toHaveURL(/\/users\?q=GLOBEX$/);
    await expect(table).toHaveAttribute('aria-busy', 'false');
    const row = table.getByRole('row', { name: /Gabriel Globex/ });
    await expect(row).toContainText('Globex');
    await expect(row).toContainText('cliente@globex.com.br');
    await row.getByRole('link', { name: 'Gabriel Globex' }).click();
    await expect(staff).toHaveURL(/\/users\/\d+$/);
    const header = staff.locator('header', {
      has: staff.getByRole('heading', { level: 1, name: 'Gabriel Globex' }),
    });
    await expect(header).toContainText('Offline');

    // He signs in elsewhere: his page says Online without a reload.
    const client = await clientContext.newPage();
    const clientRealtime = watchRealtime(client);
    await signIn(client, DEMO.clienteGlobex, { portal: true });
    await clientRealtime.connected();
    await expect(header).toContainText('Online', { timeout: 15_000 });

    // His browser closes: Offline again.
    await clientContext.close();
    await expect(header).toContainText('Offline', { timeout: 15_000 });

    await header.getByRole('button', { name: 'Abrir conversa com Gabriel Globex' }).click();
    await expect(staff).toHaveURL(/\/messages\/\d+$/);
    await expect(staff.getByRole('heading', { level: 2, name: 'Gabriel Globex' })).toBeVisible();
  } finally {
    await staffContext.close();
    await clientContext.close().catch(() => undefined);
  }
});
