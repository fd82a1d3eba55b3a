import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.FAROL_API_URL ?? 'http://localhost:3000';

/**
 * react-router ships its code as one file whose components are made by calls Rollup cannot prove pure
 * (`React.forwardRef(…)`, then `X.displayName = …`), so the ones the app never uses (NavLink, Form and what
 * they need) stayed in the login pages' code: about 1.9 KB gzip. In a production build this marks those
 * top-level calls pure and drops the displayName lines (labels for React's devtools only), and tree-shaking
 * removes what nothing imports (issue 18: /login ≤ 105 KB gzip). bench/portal-bundle.mjs checks the result.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'farol:react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/].+\.mjs$/.test(id)) return null;
      return {
        code: code
          .replace(/^(var \w+ = )(React\d*\.forwardRef\()/gm, '$1/* @__PURE__ */ $2')
          .replace(/^\w+\.displayName = "[^"\n]*";$/gm, ''),
        map: null,
      };
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), reactRouterTreeShaking()],
  // Workspace packages resolve to their TypeScript source, as in tests and Storybook.
  resolve: { conditions: ['@farol/source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // No modulepreload polyfill in the entry: current browsers preload natively, and one that cannot (Safari
    // before 17) still loads every chunk, only without the head start.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: { port: 4173 },
});
