import { expectNoAxeViolations } from '../support/axe';
import { DEMO, expect, signIn, test } from '../support/fixtures';

// 2×2 PNGs of two colours: real images (the server checks the bytes), different content.
const PNG_RED =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGO4o6YGRAwQCgAjRgSh7v9IEwAAAABJRU5ErkJggg==';
const PNG_BLUE =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGNQTX4NRAwQCgAligXNFnxqAgAAAABJRU5ErkJggg==';

test('the avatar uploads through the file chooser and the picture changes', async ({ page }) => {
  await signIn(page, DEMO.gestor);
  await page.goto('/profile');
  const trigger = page.getByRole('button', { name: 'Alterar foto de perfil de Gustavo Gestor' });
  // The picture drawn inside the picker's button (the avatar itself is decorative there).
  const image = trigger.locator('img');

  const upload = async (name: string, base64: string) => {
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Alterar Foto de Perfil' });
    await expect(dialog.getByText('Suporte: JPG, PNG, GIF até 5MB')).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    // The visible "Escolher arquivo" control is the label of the (visually hidden) file input.
    await dialog.getByText('Escolher arquivo').click();
    await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') });
    await expect(dialog.getByRole('img', { name: 'Pré-visualização da nova foto' })).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Foto atualizada.')).toBeVisible();
    await expect(dialog).toBeHidden();
  };

  await upload('vermelho.png', PNG_RED);
  await expect(image).toHaveAttribute('src', /\/api\/profile\/picture\//);
  const firstUrl = await image.getAttribute('src');

  await upload('azul.png', PNG_BLUE);
  await expect(image).not.toHaveAttribute('src', firstUrl ?? '');
  await expect(image).toHaveAttribute('src', /\/api\/profile\/picture\//);

  // The server serves the new picture to the signed-in browser.
  const src = await image.getAttribute('src');
  const response = await page.request.get(new URL(src ?? '', page.url()).toString(), {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('farol:token'))}` },
  });
  expect(response.headers()['content-type']).toContain('image/png');
  expect((await response.body()).equals(Buffer.from(PNG_BLUE, 'base64'))).toBe(true);
});
