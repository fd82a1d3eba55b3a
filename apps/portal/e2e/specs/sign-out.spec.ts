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

// Issue 18, item 1: from the two pages clients share with the staff frame, Sair still leads to the portal's login.
for (const [route, landmark] of [
  ['/settings', { role: 'radiogroup', name: 'Tema de cores' }],
  ['/profile', { role: 'heading', name: 'Meu perfil' }],
] as const) {
  test(`a client signing out from ${route} lands on the portal login`, async ({ page }) => {
    await signIn(page, DEMO.clienteAcme, { portal: true });
    await page.goto(route);
    await expect(page.getByRole(landmark.role, { name: landmark.name }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Sair', exact: true }).click();
    await expect(page).toHaveURL(/\/portal\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}
