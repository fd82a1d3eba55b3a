// @ts-check
// The architecture of design.md §2, enforced: each layer lists what it may never import.

const apps = ['@farol/portal', '@farol/portal/*', '@farol/server', '@farol/server/*', '**/apps/**'];

/** @param {string} message @param {string[]} group */
const forbid = (message, group) => ({ group, message });

/** @type {import('eslint').Linter.Config[]} */
export const importBoundaries = [
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
