import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  target: 'es2022',
  platform: 'browser',
  // One module per source file keeps tree-shaking exact for consumers (importing Sidebar pulls Sidebar only).
  bundle: true,
  splitting: true,
  treeshake: true,
  sourcemap: true,
  clean: true,
  dts: { compilerOptions: { composite: false, incremental: false, customConditions: [] } },
  external: ['react', 'react-dom', 'react/jsx-runtime'],
  esbuildOptions(options) {
    options.jsx = 'automatic';
  },
});
