import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO, expect, signIn, test } from '../support/fixtures';
import { watchRealtime } from '../support/realtime';

// The demo's "Operações internas" board (apps/server/src/modules/tasks/seed.ts): Backlog, A fazer, Em andamento
// (bloqueio at 3), Concluído. Each test adds its own card (a title no other run has) and moves that one, so
// tests never depend on each other's moves on the shared database.

const BOARD = 'Operações internas';
const stamp = () => String(Date.now()).slice(-6);

const column = (page: Page, name: string) =>
  page.getByRole('region', { name: `Quadro ${BOARD}` }).getByRole('group', { name, exact: true });
const card = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(title) });

/** The page asked the server to join the board's room (a `board:join` frame went out). */
const joinedBoard = (page: Page) => {
  const sent: string[] = [];
  page.on('websocket', (socket) => {
    if (socket.url().includes('/socket.io/'))
      socket.on('framesent', ({ payload }) => sent.push(String(payload)));
  });
  return () =>
    expect
      .poll(() => sent.some((frame) => /^42\d*\["board:join",\{"boardId":\d+\}/.test(frame)), {
        message: 'the page should join the board room',
        timeout: 25_000,
      })
      .toBe(true);
};

/** Signs in and opens the board from /tasks, as a person would; waits until its room is joined. */
const openBoard = async (page: Page, email: string) => {
  const realtime = watchRealtime(page);
  const joined = joinedBoard(page);
  await signIn(page, email);
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Tarefas' })
    .click();
  await expect(page).toHaveURL(/\/tasks$/);
  await page
    .getByRole('list', { name: 'Quadros' })
    .getByRole('link', { name: new RegExp(BOARD) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: BOARD })).toBeVisible();
  await realtime.connected();
  await joined();
};

/** Quick add at the top of a column. */
const quickAdd = async (page: Page, columnName: string, title: string) => {
  await page.getByRole('button', { name: `Adicionar tarefa em ${columnName}` }).click();
  const input = page.getByRole('textbox', { name: `Adicionar tarefa em ${columnName}` });
  await input.fill(title);
  await input.press('Enter');
  await expect(column(page, columnName).getByRole('button', { name: new RegExp(title) })).toBeVisible();
  await input.press('Escape');
};

/** Keyboard only: focus the card, Space picks it up, arrows move it, Space drops it. */
const keyboardMove = async (page: Page, title: string, keys: string[]) => {
  const live = page.locator('[id^="DndLiveRegion"]');
  await card(page, title).focus();
  await page.keyboard.press('Space');
  // Each key waits for what the board reads out, as a screen reader user would.
  await expect(live).toContainText('levantada');
  for (const key of keys) {
    const before = (await live.textContent()) ?? '';
    await page.keyboard.press(key);
    await expect(live).not.toHaveText(before);
  }
  await page.keyboard.press('Space');
};

test('two people on one board see each other’s moves live, and who else is viewing', async ({ browser }) => {
  const title = `Trocar patch cords do rack ${stamp()}`;
  const adminContext = await browser.newContext();
  const gestorContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    const gestor = await gestorContext.newPage();
    await openBoard(admin, DEMO.admin);
    await openBoard(gestor, DEMO.gestor);
    await expect(admin.getByText(/Também vendo: .*Gustavo/)).toBeAttached();

    // Ana creates a card: it appears on Gustavo's board without a reload.
    await quickAdd(admin, 'Backlog', title);
    await expect(column(gestor, 'Backlog').getByRole('button', { name: new RegExp(title) })).toBeVisible();

    // Gustavo moves it by keyboard to A fazer: Ana sees it move.
    await keyboardMove(gestor, title, ['ArrowRight']);
    await expect(column(gestor, 'A fazer').getByRole('button', { name: new RegExp(title) })).toBeVisible();
    await expect(column(admin, 'A fazer').getByRole('button', { name: new RegExp(title) })).toBeVisible();

    // Ana drags it back with the mouse: Gustavo sees it.
    const source = card(admin, title);
    const target = column(admin, 'Backlog');
    const from = await source.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('the card and the column should be on screen');
    await admin.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await admin.mouse.down();
    await admin.mouse.move(to.x + to.width / 2, to.y + 40, { steps: 15 });
    await admin.mouse.up();
    await expect(column(admin, 'Backlog').getByRole('button', { name: new RegExp(title) })).toBeVisible();
    await expect(column(gestor, 'Backlog').getByRole('button', { name: new RegExp(title) })).toBeVisible();

    await expectNoAxeViolations(admin);
  } finally {
    // Both close even if one cannot (a failing test's own error is the one reported, not the cleanup's).
    await Promise.allSettled([adminContext.close(), gestorContext.close()]);
  }
});

test('keyboard only: a card moves with Space and the arrows, is announced, and stays after a reload', async ({
  page,
}) => {
  const title = `Revisar cabos do servidor ${stamp()}`;
  await openBoard(page, DEMO.admin);
  await quickAdd(page, 'Backlog', title);
  await keyboardMove(page, title, ['ArrowRight']);
  await expect(column(page, 'A fazer').getByRole('button', { name: new RegExp(title) })).toBeVisible();
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText(`${title} solta na coluna A fazer`);
  await page.reload();
  await expect(column(page, 'A fazer').getByRole('button', { name: new RegExp(title) })).toBeVisible();
  // Enter opens it in the side panel.
  await card(page, title).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: title });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Histórico' })).toContainText('moveu de Backlog para A fazer');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

test('a task created from a chamado shows on the chamado, linked both ways', async ({ page }) => {
  const title = `Verificar a impressora do chamado ${stamp()}`;
  await signIn(page, DEMO.admin);
  await page.goto('/support');
  // The first chamado of the list (the demo's chamados are open ones first).
  await page.getByRole('main').getByRole('table').getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/support\/ticket\/\d+$/);
  const section = page.getByRole('region', { name: 'Tarefas' });
  await expect(section).toBeVisible();
  await section.getByRole('button', { name: 'Criar tarefa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar tarefa' });
  await dialog.getByRole('combobox', { name: /Quadro/ }).click();
  await page.getByRole('option', { name: BOARD }).click();
  await dialog.getByRole('textbox', { name: /Título/ }).fill(title);
  await dialog.getByRole('button', { name: 'Criar tarefa' }).click();
  await expect(dialog).toBeHidden();

  const link = section.getByRole('link', { name: new RegExp(title) });
  await expect(link).toBeVisible();
  await expect(section.getByRole('listitem').filter({ hasText: title })).toContainText(BOARD);
  await expectNoAxeViolations(page);

  // The task opens on its board, and its panel links back to the chamado.
  const ticketUrl = page.url();
  await link.click();
  const panel = page.getByRole('dialog', { name: title });
  await expect(panel).toBeVisible();
  await panel.getByRole('link', { name: /^Chamado #\d+/ }).click();
  await expect(page).toHaveURL(ticketUrl);
});
