import { DEMO, DEMO_PASSWORD, expect, notify, test } from '../support/fixtures';

// The harness itself: a healthy server on a fresh seeded database, serving the built portal, whose
// notifications are stored and readable through the API like any other.
test('the real server answers on a fresh demo database and serves the portal', async ({ request, page }) => {
  const health = await request.get('/api/health');
  expect(await health.json()).toEqual({ status: 'ok', database: 'ok', realtime: 'ok' });

  await page.goto('/');
  await expect(page).toHaveTitle('Farol — Suporte e Operações');
});

test('a notification made by the server is stored for that user', async ({ request }) => {
  const created = await notify({
    email: DEMO.clienteGlobex,
    notification: { type: 'system', message: 'Manutenção programada às 22h.', severity: 'info' },
  });
  const login = await request.post('/api/auth/login', {
    data: { login: DEMO.clienteGlobex, email: DEMO.clienteGlobex, password: DEMO_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  const list = await request.get('/api/notifications?limit=25', {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await list.json()) as unknown;
  const items = (Array.isArray(body) ? body : (body as { items: unknown[] }).items) as { id: number }[];
  expect(items.map((item) => item.id)).toContain(created.id);
});
