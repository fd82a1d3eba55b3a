import { readdirSync, existsSync } from 'node:fs';
import { defineConfig } from 'tsup';

// Every component folder is an entry of its own, so the shared index re-exports from separate chunks and a
// consumer's bundler drops whole chunks it does not use (`sideEffects` lists only CSS): importing Button never
// pulls Radix Select or sonner, whose module-level code a single-file build would keep.
const folders = (base: string) =>
  readdirSync(base, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(`${base}/${entry.name}/index.ts`))
    .map((entry) => `${base}/${entry.name}`);

const componentEntries = Object.fromEntries(
  [...folders('src'), ...folders('src/primitives')].map((dir) => [
    `${dir.replace(/^src\//, '')}/index`,
    `${dir}/index.ts`,
  ]),
);

export default defineConfig({
  // The board and the card are entries too: @dnd-kit does not declare itself free of side effects, so only
  // separate chunks let a consumer of `TaskCard` (say) drop the drag code whole.
  entry: {
    index: 'src/index.ts',
    ...componentEntries,
    'tasks/board': 'src/tasks/board.tsx',
    'tasks/task-card': 'src/tasks/task-card.tsx',
  },
  format: ['esm'],
  target: 'es2022',
  platform: 'browser',
  bundle: true,
  splitting: true,
  treeshake: true,
  sourcemap: true,
  clean: true,
  // Only the public entries get types: the other component entries are internal chunks, not in `exports`.
  // `@farol/ui/tasks` (board, cards, list, calendar) is a subpath of its own: the drag-and-drop code and the
  // task texts stay out of the main entry's budget and load only with the Tarefas pages.
  dts: {
    entry: { index: 'src/index.ts', tasks: 'src/tasks/index.ts', connections: 'src/connections/index.ts' },
    compilerOptions: { composite: false, incremental: false, customConditions: [] },
  },
  external: ['react', 'react-dom', 'react/jsx-runtime'],
  esbuildOptions(options) {
    options.jsx = 'automatic';
  },
});
