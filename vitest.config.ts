import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';
import { chromiumLaunchOptions } from './scripts/chromium.js';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Every JavaScript entry a workspace package exports (`@farol/data`, `@farol/data/mocks`, …). */
const workspaceEntries = (folders: string[]) =>
  folders.flatMap((folder) => {
    const { name, exports } = JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8')) as {
      name: string;
      exports: Record<string, unknown>;
    };
    return Object.keys(exports)
      .filter((key) => key !== './package.json' && !key.endsWith('.css'))
      .map((key) => (key === '.' ? name : `${name}${key.slice(1)}`));
  });
const sourceConditions = ['@farol/source'];

export default defineConfig({
  resolve: { conditions: sourceConditions },
  // Node-side tests (server project) import workspace packages from source too.
  ssr: { resolve: { conditions: sourceConditions, externalConditions: sourceConditions } },
  // Pre-bundled up front: a mid-run re-optimisation reloads the browser and fails the first story.
  optimizeDeps: {
    include: [
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      '@storybook/addon-docs > @storybook/react-dom-shim',
      'storybook/test',
      'msw/browser',
      'msw-storybook-addon',
      // The kit's runtime dependencies, for the same reason.
      'lucide-react',
      'clsx',
      'tailwind-merge',
      'class-variance-authority',
      '@radix-ui/react-slot',
      '@radix-ui/react-popover',
      '@radix-ui/react-dialog',
      '@radix-ui/react-alert-dialog',
      '@radix-ui/react-checkbox',
      '@radix-ui/react-dropdown-menu',
      '@radix-ui/react-radio-group',
      '@radix-ui/react-select',
      '@radix-ui/react-switch',
      '@radix-ui/react-tabs',
      'sonner',
      'motion/react',
      '@dnd-kit/core',
      '@dnd-kit/sortable',
      '@dnd-kit/utilities',
      '@tanstack/react-virtual',
      // The data layer's, used by the stories/data harnesses ('msw' itself is external to the optimiser).
      '@tanstack/react-query',
      'socket.io-client',
      'zod',
      // The portal's stories (stories/portal) render the app's router.
      'react-router-dom',
      // Stories only: forms with react-hook-form + zod, a table driven by TanStack Table.
      'react-hook-form',
      '@hookform/resolvers/zod',
      '@tanstack/react-table',
      // The workspace's own packages, still from source, pre-bundled too: each story file then loads them as a
      // few files the browser caches instead of ~400 modules asked for one by one (about a fifth of the stories
      // stage). `force` bundles them afresh on every start, so an edit to a package is never tested stale.
      ...workspaceEntries(['packages/ui', 'packages/data']),
    ],
    force: true,
  },
  test: {
    // `npm test` sets FAROL_FAILURE_SUMMARY: failures are also written there, for its closing summary.
    reporters: process.env.FAROL_FAILURE_SUMMARY
      ? ['default', './scripts/reporters/failure-summary.mjs']
      : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.{ts,tsx}',
            'apps/portal/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // The PostgreSQL pass: a database of its own for every file.
          setupFiles: ['apps/server/test/database-per-file.ts'],
          exclude: [
            ...configDefaults.exclude,
            'apps/server/faults/**',
            // *.postgres.test.ts need PostgreSQL: only the PostgreSQL pass runs them (the CLI's --exclude
            // does not reach a project's list).
            ...(process.env.FAROL_TEST_DB === 'postgres' ? [] : ['apps/server/**/*.postgres.test.ts']),
          ],
          environment: 'node',
          // Generous: each file starts real servers, which a busy machine slows many times over; nothing
          // here is timed.
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // One worker runs the files one after another and keeps what they imported: the server's modules are
          // loaded and compiled once per pass, not once per file (a sample of six files: 79 → 57 CPU s). Each
          // file still starts its own server on its own database (harness.ts; on PostgreSQL the setup file above
          // copies a database for every file), and no server test mocks a module.
          isolate: false,
        },
      },
      {
        // npm run test:faults: the built server as a child process under kill -9, a full disk, damaged,
        // locked and read-only data folders, and backups (see apps/server/faults/harness.ts).
        extends: true,
        test: {
          name: 'faults',
          include: ['apps/server/faults/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/faults/global-setup.ts'],
          // Generous: these wait on real processes on a possibly busy machine; nothing here is timed.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'package',
          include: ['packages/*/test/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
        },
      },
      {
        extends: true,
        plugins: [react(), storybookTest({ configDir: path.join(root, '.storybook') })],
        test: {
          name: 'storybook',
          // Generous: a story whose first page chunk arrives late on a busy machine (load 28 on 2 cores here)
          // must still pass; a passing story takes a second or two.
          testTimeout: 45_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions() }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
