// First-screen budgets (issue 18) on a throttled phone profile: Debian's Chromium with the CPU 4× slower and a
// 1.6 Mbps / 150 ms RTT network (DevTools protocol), the built product served as `npm start` serves it.
//  - /login usable: from navigation to the moment the login form can be typed into and sent (the Entrar button
//    is there and enabled, its code loaded).            Budget ≤ 2.0 s, median of 5.
//  - dashboard data visible after Entrar: from the click to the chamados summary's figures on screen (the
//    login typed at 60 ms a key first, as a person would).
//                                                        Budget ≤ 1.5 s, median of 5.
// Each run starts with an empty cache (a new browser context). `--no-build` reuses the last build.
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from '../scripts/chromium.js';
import { buildProduct, startBuiltServer } from './support/built-server.mjs';

const RUNS = 5;
const BUDGETS = { loginUsable: 2_000, dashboardData: 1_500 };
// Chromium's "Slow 4G"-like profile of the issue: 1.6 Mbps down, 750 kbps up, 150 ms RTT.
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

buildProduct();
const server = await startBuiltServer();
const browser = await chromium.launch(chromiumLaunchOptions());

/** @param {number[]} values @returns {number} */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const login = [];
const dashboard = [];
try {
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    const started = Date.now();
    await page.goto(`${server.url}/login`, { waitUntil: 'commit' });
    const enter = page.getByRole('button', { name: 'Entrar', exact: true });
    await enter.waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForFunction(
      () => {
        const button = [...document.querySelectorAll('button')].find(
          (item) => item.textContent?.trim() === 'Entrar',
        );
        return button && !button.hasAttribute('disabled');
      },
      null,
      { timeout: 60_000 },
    );
    login.push(Date.now() - started);

    // Typed as a person types (60 ms a key): the time the app has to fetch what follows the sign-in.
    await page.getByLabel('E-mail ou usuário').pressSequentially('admin@farol.dev', { delay: 60 });
    await page.getByLabel('Senha', { exact: true }).pressSequentially('farol-demo', { delay: 60 });
    const pressed = Date.now();
    await enter.click();
    // The chamados summary's first figure ("Em aberto") on the dashboard.
    await page
      .getByRole('link', { name: /^Em aberto/ })
      .first()
      .waitFor({ state: 'visible', timeout: 60_000 });
    dashboard.push(Date.now() - pressed);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

/** @param {boolean} ok @param {string} label @param {number[]} values @param {number} budget */
const line = (ok, label, values, budget) =>
  `${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(44)} median ${String(median(values)).padStart(5)} ms  (runs ${values.join(', ')} ms; budget ${budget} ms)`;
const loginOk = median(login) <= BUDGETS.loginUsable;
const dashboardOk = median(dashboard) <= BUDGETS.dashboardData;
console.log(line(loginOk, '/login usable (throttled phone)', login, BUDGETS.loginUsable));
console.log(
  line(dashboardOk, 'dashboard data after Entrar (throttled phone)', dashboard, BUDGETS.dashboardData),
);
process.exitCode = loginOk && dashboardOk ? 0 : 1;
