// Budget of the staff ticket list (issue 6): /support renders 50 rows and applies 10 live updates per second
// without a long task over 50 ms. The built portal and server run as `npm start` runs them (fresh PGlite with
// the demo seed); the bench opens 60 more tickets, signs in as the admin in Debian's Chromium, opens /support,
// then another staff member changes one ticket of the first page every 100 ms for 10 s over the API, so each
// change reaches the browser as a `ticket:updated` event. A PerformanceObserver counts the long tasks (the
// browser reports only tasks over 50 ms). `--no-build` reuses the last build.
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../scripts/chromium.js';
import { buildProduct, startBuiltServer } from './support/built-server.mjs';

const UPDATES_PER_SECOND = 10;
const DURATION_MS = 10_000;
const PAGE_ROWS = 50;
const EXTRA_TICKETS = 60;
const PRIORITIES = ['baixa', 'média', 'alta'];

buildProduct();
const server = await startBuiltServer();

/**
 * A JSON call as a signed-in person (bearer token, so no cookie and no CSRF check).
 * @param {string} email
 */
const apiAs = async (email) => {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: email, email, password: 'farol-demo' }),
  });
  if (!login.ok) throw new Error(`login ${email}: ${login.status}`);
  const { token } = await login.json();
  /** @param {string} method @param {string} url @param {unknown} [body] @returns {Promise<any>} */
  return async (method, url, body) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
};

const { executablePath, args } = chromiumLaunchOptions();
const browser = await chromium.launch({ executablePath, args });
let failed = false;
try {
  const gestor = await apiAs('gestor@farol.dev');
  const { items: seeded } = await gestor('GET', '/api/tickets?limit=1');
  const companyId = seeded[0]?.company_id;
  if (!companyId) throw new Error('the demo seed has no ticket to take a company from');
  for (let index = 0; index < EXTRA_TICKETS; index += 1) {
    await gestor('POST', '/api/tickets', {
      subject: `Chamado de carga ${index + 1}`,
      description: 'Criado pelo bench da lista de chamados.',
      priority: PRIORITIES[index % PRIORITIES.length],
      company_id: companyId,
    });
  }

  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await page.addInitScript(() => {
    /** @type {number[]} */
    const entries = [];
    Object.assign(window, { __longTasks: entries });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) entries.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${server.url}/login`);
  await page.getByLabel('E-mail ou usuário').fill('admin@farol.dev');
  await page.getByLabel('Senha', { exact: true }).fill('farol-demo');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));

  const loadStart = Date.now();
  await page.goto(`${server.url}/support`);
  const rows = page.locator('tbody tr');
  await rows.nth(PAGE_ROWS - 1).waitFor({ timeout: 30_000 });
  const loadMs = Date.now() - loadStart;
  const rowCount = await rows.count();
  const loadTasks = await page.evaluate(() =>
    /** @type {{ __longTasks: number[] }} */ (/** @type {unknown} */ (window)).__longTasks.splice(0),
  );
  // Let the realtime socket connect (it loads after the shell) before the updates start.
  await page.waitForTimeout(1500);
  await page.evaluate(() =>
    /** @type {{ __longTasks: number[] }} */ (/** @type {unknown} */ (window)).__longTasks.splice(0),
  );

  const { items: firstPage } = await gestor('GET', `/api/tickets?limit=${PAGE_ROWS}`);
  const total = (UPDATES_PER_SECOND * DURATION_MS) / 1000;
  const started = Date.now();
  let lastChange = { number: 0, priority: 'baixa' };
  for (let index = 0; index < total; index += 1) {
    const due = started + (index * 1000) / UPDATES_PER_SECOND;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
    const ticket = firstPage[index % firstPage.length];
    // Always a real change: the next priority after the ticket's current one.
    const changed = PRIORITIES[(PRIORITIES.indexOf(ticket.priority) + 1) % PRIORITIES.length] ?? 'baixa';
    await gestor('PATCH', `/api/tickets/${ticket.id}`, { priority: changed });
    ticket.priority = changed;
    lastChange = { number: ticket.number, priority: changed };
  }
  const sendSeconds = (Date.now() - started) / 1000;
  // The last change must be on screen: proof the updates really reached the table.
  const label = lastChange.priority.charAt(0).toUpperCase() + lastChange.priority.slice(1);
  await page
    .locator('tbody tr', { hasText: `#${lastChange.number}` })
    .getByText(label, { exact: true })
    .waitFor({ timeout: 10_000 });
  await page.waitForTimeout(2500);
  const updateTasks = await page.evaluate(() =>
    /** @type {{ __longTasks: number[] }} */ (/** @type {unknown} */ (window)).__longTasks.splice(0),
  );

  const worst = (/** @type {number[]} */ tasks) => (tasks.length ? Math.round(Math.max(...tasks)) : 0);
  console.log(
    `info  /support showed ${rowCount} rows in ${loadMs} ms; long tasks while loading: ${loadTasks.length} (worst ${worst(loadTasks)} ms)`,
  );
  console.log(
    `info  ${total} updates sent in ${sendSeconds.toFixed(1)} s (${(total / sendSeconds).toFixed(1)}/s); last one seen in the table`,
  );
  const ok = rowCount >= PAGE_ROWS && updateTasks.length === 0;
  failed ||= !ok;
  console.log(
    `${ok ? 'PASS' : 'FAIL'}  ${rowCount} rows + ${UPDATES_PER_SECOND} live updates/s: ${updateTasks.length} long tasks over 50 ms (worst ${worst(updateTasks)} ms; budget none)`,
  );
} finally {
  await browser.close();
  await server.stop();
}
process.exitCode = failed ? 1 : 0;
