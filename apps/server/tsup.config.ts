import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    main: 'src/main.ts',
    'create-admin': 'src/cli/create-admin.ts',
    backup: 'src/cli/backup.ts',
    restore: 'src/cli/restore.ts',
    'vault-rotate-key': 'src/cli/vault-rotate-key.ts',
  },
  outDir: 'dist',
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  splitting: true,
  // Workspace packages are compiled in from source (their dist may not exist); npm dependencies stay external.
  noExternal: [/^@farol\//],
  esbuildOptions(options) {
    options.conditions = ['@farol/source'];
  },
});
