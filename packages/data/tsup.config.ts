import { existsSync } from 'node:fs';
import { defineConfig } from 'tsup';

// The mocks entry exists only once the MSW handlers are in place; never ship a dangling entry.
const entry: Record<string, string> = {
  index: 'src/index.ts',
  'contract/index': 'src/contract/index.ts',
  'notifications/index': 'src/notifications/index.ts',
  'messages/index': 'src/messages/index.ts',
  'realtime/index': 'src/realtime/index.ts',
  'chatbot/index': 'src/chatbot/index.ts',
  'tickets/index': 'src/tickets/index.ts',
};
if (existsSync('src/mocks/index.ts')) entry['mocks/index'] = 'src/mocks/index.ts';

export default defineConfig({
  entry,
  format: ['esm'],
  target: 'es2022',
  platform: 'browser',
  bundle: true,
  // Shared chunks between entries instead of duplicated code (contract schemas used by index and mocks).
  splitting: true,
  treeshake: true,
  sourcemap: true,
  clean: true,
  dts: { compilerOptions: { composite: false, incremental: false, customConditions: [] } },
  external: [
    'react',
    'react-dom',
    'react/jsx-runtime',
    '@tanstack/react-query',
    'socket.io-client',
    'msw',
    /^msw\//,
    'zod',
    /^zod\//,
  ],
  esbuildOptions(options) {
    options.jsx = 'automatic';
  },
});
