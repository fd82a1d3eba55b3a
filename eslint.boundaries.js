// @ts-check
// The architecture of design.md §2, enforced: each layer lists what it may never import.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const apps = ['@farol/portal', '@farol/portal/*', '@farol/server', '@farol/server/*', '**/apps/**'];

/** @param {string} message @param {string[]} group */
const forbid = (message, group) => ({ group, message });

/**
 * @typedef {object} RoomsOptions
 * @property {string} root The folder whose sub-folders are rooms, relative to the repository.
 * @property {string[]} [rooms] Only these sub-folders are rooms (default: every sub-folder).
 * @property {boolean} [throughIndex] Code outside the rooms may import a room only through its index.ts.
 * @property {string} hint Where shared code lives instead, for the message.
 */

/** The room a file belongs to under `root`, and the rest of its path in it; null outside the rooms. */
const roomOf = (/** @type {string} */ file, /** @type {RoomsOptions} */ options) => {
  const marker = `${path.sep}${options.root.split('/').join(path.sep)}${path.sep}`;
  const at = file.indexOf(marker);
  if (at === -1) return null;
  const [name = '', ...rest] = file.slice(at + marker.length).split(path.sep);
  if (rest.length === 0 || (options.rooms && !options.rooms.includes(name))) return null;
  return { name, rest: rest.join('/') };
};

/**
 * Rooms stay apart: a file in `<root>/<a>/` never imports from `<root>/<b>/` (shared code has a named
 * home, given in `hint`), and with `throughIndex` code outside the rooms reaches a room only through its
 * `index.ts`. Used for the server's modules, the portal's features and the data layer's domains.
 * @type {import('eslint').Rule.RuleModule}
 */
const roomBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      otherRoom: "'{{from}}' may not import '{{to}}' ({{root}}): {{hint}}",
      notIndex: "Import '{{to}}' ({{root}}) through its index.ts, not '{{file}}'.",
    },
    schema: { type: 'array' },
  },
  create(context) {
    /** @type {RoomsOptions[]} */
    const all = context.options;
    /** @param {import('estree').Node & { source?: import('estree').Node | null }} node */
    const check = (node) => {
      const source = node.source?.type === 'Literal' ? String(node.source.value) : '';
      if (!source.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(context.filename), source);
      for (const options of all) {
        const target = roomOf(resolved, options);
        if (!target) continue;
        const from = roomOf(context.filename, options);
        if (from?.name === target.name) continue;
        const data = {
          from: from?.name ?? '',
          to: target.name,
          root: options.root,
          hint: options.hint,
          file: target.rest,
        };
        if (from) context.report({ node, messageId: 'otherRoom', data });
        else if (options.throughIndex && !['', 'index', 'index.ts'].includes(target.rest)) {
          context.report({ node, messageId: 'notIndex', data });
        }
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const dataPatterns = [
  forbid('@farol/data is headless: it never imports the kit or an app.', [
    '@farol/ui',
    '@farol/ui/*',
    '**/packages/ui/**',
    ...apps,
  ]),
  forbid('@farol/data carries no styling.', ['*.css']),
];
const noMocks = forbid('Mocks never reach a domain entry: only src/mocks gathers them.', [
  '**/mocks',
  '**/mocks/*',
]);

/**
 * The data layer's domains (`@farol/data/<domain>`): the folders of packages/data/src with a key factory
 * (`keys.ts`). The session has one too but is core, like http, access, query and realtime: every domain uses it.
 */
const DATA_DOMAINS = readdirSync(new URL('./packages/data/src', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'session')
  .filter((entry) => existsSync(new URL(`./packages/data/src/${entry.name}/keys.ts`, import.meta.url)))
  .map((entry) => entry.name);

/** @type {import('eslint').Linter.Config[]} */
export const importBoundaries = [
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/data/src/**/*.{ts,tsx}'],
    plugins: { farol: { rules: { 'room-boundaries': roomBoundaries } } },
    rules: {
      'farol/room-boundaries': [
        'error',
        {
          root: 'apps/server/src/modules',
          throughIndex: true,
          hint: 'use src/shared (or a decoration such as app.notify).',
        },
        {
          root: 'apps/portal/src/features',
          hint: 'shared pieces go to src/lib or the kit; pages and widgets meet in the module registry.',
        },
        {
          root: 'packages/data/src',
          rooms: DATA_DOMAINS,
          hint: 'shared code goes to src/lib, http, session, access, query or realtime.',
        },
      ],
    },
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
    rules: { 'no-restricted-imports': ['error', { patterns: [...dataPatterns, noMocks] }] },
  },
  {
    // Only the mocks entry and tests reach the domains' MSW handlers and fixtures.
    files: ['packages/data/src/mocks/**', 'packages/data/src/*/mocks/**', 'packages/data/**/*.test.*'],
    rules: { 'no-restricted-imports': ['error', { patterns: dataPatterns }] },
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
