import { expectNoAxeViolations } from '../support/axe';
import { DEMO, expect, notify, signIn, test } from '../support/fixtures';
import { watchRealtime } from '../support/realtime';

const unreadName = (count: number) =>
  count === 0 ? 'Notificações' : `Notificações, ${count} ${count === 1 ? 'não lida' : 'não lidas'}`;

// gestor@farol.dev is this file's own: no other test reads or changes its notifications.
test('a notification made by the server appears live in the bell and is marked read', async ({ page }) => {
  const realtime = watchRealtime(page);
  await signIn(page, DEMO.gestor);
  await expect(page).toHaveURL(/\/dashboard$/);
  const bell = page.getByRole('button', { name: /^Notificações/ });
  // The seeded unread count, as the bell shows it once loaded.
  await expect(bell).toHaveAccessibleName(/^Notificações, \d+ não lidas?$/);
  const seeded = Number(/(\d+)/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
  expect(seeded).toBeGreaterThan(0);
  await realtime.connected();

  await notify({
    email: DEMO.gestor,
    notification: {
      type: 'ticket',
      title: 'Chamado #2001',
      message: 'A Globex abriu um chamado urgente.',
      link: '/tickets/2001',
      severity: 'warning',
    },
  });
  await expect(bell).toHaveAccessibleName(unreadName(seeded + 1));

  await bell.click();
  const center = page.getByRole('dialog', { name: 'Notificações' });
  await expect(center.getByText(`${seeded + 1} não lidas`, { exact: true })).toBeVisible();
  const item = center.getByRole('listitem').filter({ hasText: 'A Globex abriu um chamado urgente.' });
  await expect(item.getByText('Chamado #2001')).toBeVisible();
  await expect(item.getByText('agora')).toBeVisible();
  await expect(item.getByText('Não lida')).toBeAttached();
  await expectNoAxeViolations(page);

  await item.getByRole('button', { name: 'Marcar como lida' }).click();
  await expect(bell).toHaveAccessibleName(unreadName(seeded));
  await expect(item.getByRole('button', { name: 'Marcar como lida' })).toHaveCount(0);

  // The server stored it: a fresh page load counts the same.
  await page.reload();
  await expect(page.getByRole('button', { name: /^Notificações/ })).toHaveAccessibleName(unreadName(seeded));

  await page.getByRole('button', { name: /^Notificações/ }).click();
  await page.getByRole('button', { name: 'Marcar todas como lidas' }).click();
  await expect(page.getByRole('button', { name: /^Notificações/ })).toHaveAccessibleName(unreadName(0));
  await expect(page.getByRole('dialog', { name: 'Notificações' }).getByText('0 não lidas')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Marcar todas como lidas' })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('button', { name: /^Notificações/ })).toHaveAccessibleName(unreadName(0));
});
