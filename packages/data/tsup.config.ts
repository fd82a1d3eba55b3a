import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

/** One build entry per subpath of package.json's `exports` (its source under the `@farol/source` condition). */
const exportsMap = JSON.parse(readFileSync('package.json', 'utf8')).exports as Record<
  string,
  string | { '@farol/source'?: string }
>;
const entry = Object.fromEntries(
  Object.values(exportsMap).flatMap((target) => {
    const source = typeof target === 'object' ? target['@farol/source'] : undefined;
    return source ? [[source.replace(/^\.\/src\//, '').replace(/\.ts$/, ''), source]] : [];
  }),
);

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
