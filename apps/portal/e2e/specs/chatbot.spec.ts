import { expectNoAxeViolations } from '../support/axe';
import { DEMO, expect, signIn, test } from '../support/fixtures';

test('the assistant opens, answers after a delay and closes on Escape', async ({ page }) => {
  await signIn(page, DEMO.admin);
  const opener = page.getByRole('button', { name: 'Abrir assistente' });
  await opener.click();

  const chat = page.getByRole('dialog', { name: 'Assistente Farol' });
  await expect(chat).toBeVisible();
  await expectNoAxeViolations(page);

  const input = chat.getByRole('textbox', { name: 'Mensagem para o assistente' });
  await input.fill('Como abro um chamado?');
  const sentAt = Date.now();
  await input.press('Enter');
  const typing = chat.getByRole('status', { name: 'Assistente digitando…' });
  await expect(typing).toBeVisible();
  await expect(input).toBeDisabled();
  await expect(chat.getByText('Como abro um chamado?')).toBeVisible();
  const reply = chat.getByText(/Os chamados ficam em Suporte/);
  await expect(reply).toBeVisible({ timeout: 5_000 });
  // The spec's 1-second typing delay: the answer never comes sooner.
  expect(Date.now() - sentAt).toBeGreaterThanOrEqual(900);
  await expect(typing).toHaveCount(0);
  await expect(input).toBeEnabled();

  // A topic whose screen this portal does not have is never answered with a page that is not there.
  await input.fill('Onde ficam as conexões?');
  await input.press('Enter');
  await expect(
    chat.getByText(/O acesso remoto \(SSH, RDP, VNC\) ainda não tem tela neste portal/),
  ).toBeVisible({
    timeout: 5_000,
  });

  await page.keyboard.press('Escape');
  await expect(chat).toBeHidden();
  await expect(opener).toBeFocused();
});

test('the assistant is not on the login page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Entrar no Farol' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abrir assistente' })).toHaveCount(0);
});
