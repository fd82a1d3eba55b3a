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
  // The typing indicator shows for one second only: on a busy machine the test's first look can come after
  // it has gone. The page itself notes whether it appeared, and whether the input was disabled meanwhile.
  await page.evaluate(() => {
    const seen = { typing: false, inputDisabled: false };
    (window as unknown as { typingSeen: typeof seen }).typingSeen = seen;
    new MutationObserver(() => {
      const typing = document.querySelector(
        '[data-slot="chatbot-typing"][role="status"][aria-label="Assistente digitando…"]',
      );
      if (!typing) return;
      seen.typing = true;
      const field = document.querySelector<HTMLTextAreaElement | HTMLInputElement>(
        '[aria-label="Mensagem para o assistente"]',
      );
      if (field?.disabled) seen.inputDisabled = true;
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  const sentAt = Date.now();
  await input.press('Enter');
  const typing = chat.getByRole('status', { name: 'Assistente digitando…' });
  await expect(chat.getByText('Como abro um chamado?')).toBeVisible();
  const reply = chat.getByText(/Os chamados ficam em Suporte/);
  await expect(reply).toBeVisible({ timeout: 5_000 });
  // The spec's 1-second typing delay: the answer never comes sooner.
  expect(Date.now() - sentAt).toBeGreaterThanOrEqual(900);
  expect(await page.evaluate(() => (window as unknown as { typingSeen: unknown }).typingSeen)).toEqual({
    typing: true,
    inputDisabled: true,
  });
  await expect(typing).toHaveCount(0);
  await expect(input).toBeEnabled();

  // Conexões has its screen now: the assistant points to it.
  await input.fill('Onde ficam as conexões?');
  await input.press('Enter');
  await expect(
    chat.getByText(/As conexões remotas \(SSH, RDP, VNC e outras\) ficam em Conexões/),
  ).toBeVisible({
    timeout: 5_000,
  });
  // A topic whose screen this portal does not have (Estatísticas) is never answered with a page that is not there.
  await input.fill('Qual o status do meu chamado?');
  await input.press('Enter');
  await expect(chat.getByText(/Para acompanhar o status de um chamado, abra Suporte/)).toBeVisible({
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
