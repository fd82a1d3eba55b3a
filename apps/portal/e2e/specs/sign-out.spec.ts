import { DEMO, expect, signIn, test } from '../support/fixtures';

test('signing out in one tab signs out the other', async ({ context, request }) => {
  const first = await context.newPage();
  await signIn(first, DEMO.admin);
  await expect(first).toHaveURL(/\/dashboard$/);
  const token = await first.evaluate(() => localStorage.getItem('farol:token'));
  expect(token).toBeTruthy();

  const second = await context.newPage();
  await second.goto('/settings');
  await expect(second.getByRole('radiogroup', { name: 'Tema de cores' })).toBeVisible();

  await first.getByRole('button', { name: 'Sair', exact: true }).click();
  await expect(first).toHaveURL(/\/login$/);
  // No reload: the other tab hears the stored session go away.
  await expect(second).toHaveURL(/\/login$/);
  await expect(second.getByRole('heading', { name: 'Entrar no Farol' })).toBeVisible();

  // Revoked on the server, not just forgotten by the browser.
  const profile = await request.get('/api/profile', { headers: { authorization: `Bearer ${token}` } });
  expect(profile.status()).toBe(401);
});

test('a client signing out from /settings lands on the portal login', async ({ page }) => {
  await signIn(page, DEMO.clienteAcme, { portal: true });
  await page.goto('/settings');
  await expect(page.getByRole('radiogroup', { name: 'Tema de cores' })).toBeVisible();
  await page.getByRole('button', { name: 'Sair', exact: true }).click();
  await expect(page).toHaveURL(/\/portal\/login$/);
});
