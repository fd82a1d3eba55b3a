import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../../scripts/chromium.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// Each run keeps its traces in a folder of its own (the workers inherit the variable from the runner, which
// reads this file first): Playwright empties its output folder when a run starts, so two runs on one machine
// sharing one folder deleted each other's trace chunks mid-test — the ENOENT that failed the cleanup of the
// Tarefas two-browser test, whose hand-made contexts are traced into the worker's artifacts folder.
process.env.FAROL_E2E_RUN ??= `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`;

export default defineConfig({
  testDir: './specs',
  globalSetup: './global-setup.ts',
  outputDir: path.join(root, 'test-results/e2e/runs', process.env.FAROL_E2E_RUN),
  fullyParallel: false,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.FAROL_FAILURE_SUMMARY
    ? [['list'], [path.join(root, 'scripts/reporters/playwright-failure-summary.mjs')]]
    : [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // Debian's Chromium; Playwright's own browsers are never downloaded (design.md §5).
    launchOptions: chromiumLaunchOptions(),
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
  },
});
