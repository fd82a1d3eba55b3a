import { test as base, expect, type Page } from '@playwright/test';
import { ENV, type NotifyRequest } from './server-protocol';

/** The demo logins the server seeds with FAROL_DEMO=1 (apps/server/src/seed/demo.ts), all with one password. */
export const DEMO_PASSWORD = 'farol-demo';
export const DEMO = {
  admin: 'admin@farol.dev',
  gestor: 'gestor@farol.dev',
  tecnico: 'tecnico@farol.dev',
  clienteAcme: 'cliente@acme.com.br',
  clienteGlobex: 'cliente@globex.com.br',
} as const;

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e tests through playwright.config.ts`);
  return value;
};

/** Signs in through the login form a person uses; `portal` picks the client login page. */
export const signIn = async (page: Page, email: string, options: { portal?: boolean } = {}) => {
  await page.goto(options.portal ? '/portal/login' : '/login');
  await fillLoginForm(page, email);
  await expect(page).not.toHaveURL(/\/login$/);
};

/** Fills and submits the login form already on screen (e.g. after a guard redirected there). */
export const fillLoginForm = async (page: Page, email: string, password = DEMO_PASSWORD) => {
  await page.getByLabel('E-mail ou usuário').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
};

/** The page's h1 (the header title in the layouts). */
export const pageHeading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Asks the e2e server to notify a user the way server code does (stored, then pushed live). */
export const notify = async (request: NotifyRequest) => {
  const response = await fetch(`${required(ENV.controlUrl)}/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: number; message: string };
};

// The server's address is only known once the global setup has started it, so it comes from the environment.
export const test = base.extend({
  baseURL: async ({ browserName: _ }, provide) => {
    await provide(required(ENV.url));
  },
});

export { expect };
