import { DEMO, expect, signIn, test } from '../support/fixtures';

interface ThemeLog {
  /** data-theme on <html> each time it changed. */
  changes: (string | null)[];
  /** data-theme when React put the first element into #root. */
  atMount: string | null | undefined;
  /** data-theme in the first animation frame (before the first paint). */
  atFirstFrame: string | null | undefined;
}

declare global {
  interface Window {
    __themeLog?: ThemeLog;
  }
}

test('the chosen theme survives a reload without a flash', async ({ page }) => {
  await signIn(page, DEMO.tecnico);
  await page.goto('/settings');
  const themes = page.getByRole('radiogroup', { name: 'Tema de cores' });
  // Saved to the profile too (fire and forget): wait for it, so the reload reads the same theme back.
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/profile') && response.request().method() === 'PUT',
  );
  await themes.getByRole('radio', { name: 'Oceano' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(themes.getByRole('radio', { name: 'Oceano' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'oceano');

  // From the next document on, record the theme at every moment that matters for a flash.
  await page.addInitScript(() => {
    const log: ThemeLog = { changes: [], atMount: undefined, atFirstFrame: undefined };
    window.__themeLog = log;
    const theme = () => document.documentElement?.getAttribute('data-theme') ?? null;
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes' && record.target === document.documentElement)
          log.changes.push(theme());
        if (log.atMount === undefined && (document.getElementById('root')?.childElementCount ?? 0) > 0) {
          log.atMount = theme();
        }
      }
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-theme'],
    });
    requestAnimationFrame(() => {
      log.atFirstFrame = theme();
    });
  });
  await page.reload();
  await expect(page.getByRole('radiogroup', { name: 'Tema de cores' })).toBeVisible();

  const log = await page.evaluate(() => window.__themeLog);
  expect(log?.atFirstFrame).toBe('oceano');
  expect(log?.atMount).toBe('oceano');
  // Never any other palette on the way (the static markup's 'default' is parsed, not a change).
  expect(new Set(log?.changes)).toEqual(new Set(['oceano']));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'oceano');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(
    page.getByRole('radiogroup', { name: 'Tema de cores' }).getByRole('radio', { name: 'Oceano' }),
  ).toHaveAttribute('aria-checked', 'true');
});
