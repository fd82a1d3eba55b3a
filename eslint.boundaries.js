// @ts-check
// The architecture of design.md §2, enforced: each layer lists what it may never import.
import path from 'node:path';

const apps = ['@farol/portal', '@farol/portal/*', '@farol/server', '@farol/server/*', '**/apps/**'];

/** @param {string} message @param {string[]} group */
const forbid = (message, group) => ({ group, message });

const SERVER_MODULES = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}modules${path.sep}`;

/** The server module a file belongs to, and the rest of its path in it; null outside modules/. */
const serverModuleOf = (/** @type {string} */ file) => {
  const at = file.indexOf(SERVER_MODULES);
  if (at === -1) return null;
  const [name = '', ...rest] = file.slice(at + SERVER_MODULES.length).split(path.sep);
  return { name, rest: rest.join('/') };
};

/**
 * Server modules stay apart: a file in `modules/<a>/` never imports from `modules/<b>/` (shared code lives in
 * src/shared, src/db, src/http, src/auth or src/realtime; services are decorations such as `app.notify`), and
 * code outside the modules (the app, the route and migration lists, the seed) reaches a module only through
 * its `index.ts`.
 * @type {import('eslint').Rule.RuleModule}
 */
const serverModuleBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      otherModule:
        "Server module '{{from}}' may not import module '{{to}}': use src/shared (or a decoration such as app.notify).",
      notIndex: "Import server module '{{to}}' through its index.ts, not '{{file}}'.",
    },
    schema: [],
  },
  create(context) {
    const from = serverModuleOf(context.filename);
    /** @param {import('estree').Node & { source?: import('estree').Literal | null }} node */
    const check = (node) => {
      const source = String(node.source?.value ?? '');
      if (!source.startsWith('.')) return;
      const target = serverModuleOf(path.resolve(path.dirname(context.filename), source));
      if (!target || target.name === from?.name) return;
      if (from) {
        context.report({ node, messageId: 'otherModule', data: { from: from.name, to: target.name } });
      } else if (target.rest !== '' && target.rest !== 'index' && target.rest !== 'index.ts') {
        context.report({ node, messageId: 'notIndex', data: { to: target.name, file: target.rest } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

/** @type {import('eslint').Linter.Config[]} */
export const importBoundaries = [
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { farol: { rules: { 'server-module-boundaries': serverModuleBoundaries } } },
    rules: { 'farol/server-module-boundaries': 'error' },
  },
  {
    files: ['packages/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid('@farol/ui is presentational: it never imports @farol/data or an app.', [
              '@farol/data',
              '@farol/data/*',
              '**/packages/data/**',
              ...apps,
            ]),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/data/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid('@farol/data is headless: it never imports the kit or an app.', [
              '@farol/ui',
              '@farol/ui/*',
              '**/packages/ui/**',
              ...apps,
            ]),
            forbid('@farol/data carries no styling.', ['*.css']),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/data/src/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid('The wire contract is plain TypeScript and zod: no React, no client libraries.', [
              'react',
              'react-dom',
              '@tanstack/*',
              'socket.io-client',
              'msw',
              '../*',
            ]),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@farol/data', message: 'The server imports only @farol/data/contract.' }],
          patterns: [
            // The bare '@farol/data' sits in `paths`: as a pattern it would also match the directory that
            // '@farol/data/contract' lives in, and a negation cannot re-include a file under an ignored parent.
            forbid('The server imports only @farol/data/contract.', [
              '@farol/data/*',
              '!@farol/data/contract',
              '@farol/ui',
              '@farol/ui/*',
              '@farol/portal',
              'react',
              'react-dom',
              '**/packages/**',
            ]),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/portal/src/**'],
    ignores: ['**/*.test.*', '**/*.stories.*'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid('Mocks never reach a production bundle.', ['@farol/data/mocks', 'msw', 'msw/*']),
            forbid('The app talks to the server over HTTP only.', ['@farol/server', '**/apps/server/**']),
            forbid('Import packages by name, not by path.', ['**/packages/**']),
          ],
        },
      ],
    },
  },
];
