import type { StorybookConfig } from '@storybook/react-vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
  async viteFinal(config) {
    // The react-vite preset adds no JSX transform of its own: without this, `storybook dev` fails with
    // "React is not defined" (the Vitest project adds react() itself).
    const hasReact = (config.plugins ?? [])
      .flat()
      .some((p) => p && 'name' in p && p.name.startsWith('vite:react'));
    config.plugins = [...(config.plugins ?? []), ...(hasReact ? [] : [react()]), tailwindcss()];
    config.resolve = {
      ...config.resolve,
      conditions: ['@farol/source', 'browser', 'module', 'import', 'default'],
    };
    return config;
  },
};

export default config;
