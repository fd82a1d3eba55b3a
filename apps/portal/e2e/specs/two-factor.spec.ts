import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO, DEMO_PASSWORD, expect, fillLoginForm, test } from '../support/fixtures';

const PASSWORD = 'farol-e2e-farol-duas-etapas';

/** RFC 6238 (SHA-1, 30 s, 6 digits), as an authenticator app computes it from the key the page shows. */
const totp = (secret: string, atMs: number) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/\s+/g, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
};

/** A person of their own (an admin invites, the invitation is accepted), so no demo account gets 2FA. */
const newPerson = async (request: APIRequestContext) => {
  const login = await request.post('/api/auth/login', {
    data: { login: DEMO.admin, email: DEMO.admin, password: DEMO_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  const email = `dois-fatores-${Date.now().toString(36)}@e2e.farol.dev`;
  const created = await request.post('/api/accounts', {
    headers: { authorization: `Bearer ${token}` },
    data: { email, first_name: 'Dora', last_name: 'Teste', role: 'tecnico', delivery: 'invite' },
  });
  expect(created.status()).toBe(201);
  const { invitation } = (await created.json()) as { invitation: { url: string } };
  const invitationToken = invitation.url.split('/').pop()!;
  const accepted = await request.post(`/api/invitations/${invitationToken}/accept`, {
    data: { password: PASSWORD },
  });
  expect(accepted.ok()).toBe(true);
  await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  return email;
};

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Sair', exact: true }).first().click();
  await expect(page).toHaveURL(/\/login$/);
};

/**
 * The app's code for the newest step not yet used: the server accepts no step twice (nor an older one) and at
 * most one step ahead of its clock, so a person signing in twice within 30 s waits for the next code, as here.
 */
const nextCode = async (secret: string, used: { step: number }) => {
  const step = Math.max(Math.floor(Date.now() / 30_000), used.step + 1);
  while (Math.floor(Date.now() / 30_000) < step - 1) await new Promise((resolve) => setTimeout(resolve, 500));
  used.step = step;
  return totp(secret, step * 30_000);
};

// Signing out from a page and in again returns to it (spec §2: the origin is remembered).
const SIGNED_IN = /\/settings\/security$/;

const codeStep = (page: Page) => page.getByRole('form', { name: 'Verificação em duas etapas' });

test('a person turns on 2FA, signs in again with a code from the app, and a recovery code works once', async ({
  page,
  request,
}) => {
  // Up to two waits for the app's next code (see nextCode).
  test.setTimeout(150_000);
  const email = await newPerson(request);
  await page.goto('/login');
  await fillLoginForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Configurações → Segurança da conta → enrol with the key read from the page.
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Segurança da conta' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Segurança da conta' })).toBeVisible();
  await page.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
  await expect(page.getByRole('img', { name: 'QR code para o aplicativo autenticador' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{32}$/);
  const used = { step: 0 };
  await page.getByLabel('Código do aplicativo').fill(await nextCode(secret, used));
  await page.getByRole('button', { name: 'Ativar', exact: true }).click();
  const codes = page.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!.trim();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Já guardei os códigos' }).click();
  await expect(page.getByText('Ativada', { exact: true })).toBeVisible();
  await expect(page.getByText(/Códigos de recuperação restantes: 10 de 10/)).toBeVisible();

  // Signing in now asks for the code; a wrong one is refused, the app's next one lets the person in (the
  // enrolment's code may not be used twice).
  await signOut(page);
  await fillLoginForm(page, email, PASSWORD);
  await expect(codeStep(page)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Código de verificação').fill('000000');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('alert')).toContainText('Código inválido');
  await page.getByLabel('Código de verificação').fill(await nextCode(secret, used));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(SIGNED_IN);

  // A recovery code works once.
  await signOut(page);
  await fillLoginForm(page, email, PASSWORD);
  await page.getByLabel('Código de verificação').fill(recovery);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(SIGNED_IN);
  await signOut(page);
  await fillLoginForm(page, email, PASSWORD);
  await page.getByLabel('Código de verificação').fill(recovery);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('alert')).toContainText('Código inválido');
  await expect(page).toHaveURL(/\/login$/);

  // Back with the app's code: the history shows the failures and the successes.
  await page.getByLabel('Código de verificação').fill(await nextCode(secret, used));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(SIGNED_IN);
  await page.goto('/settings/security');
  const history = page.getByRole('list', { name: 'Histórico de acesso' });
  await expect(history.getByText('Código de verificação inválido').first()).toBeVisible();
  await expect(history.getByText('Senha e código de recuperação')).toBeVisible();
  await expect(page.getByText(/Códigos de recuperação restantes: 9 de 10/)).toBeVisible();
});
