import type { Preview } from '@storybook/react-vite';
import { initialize, mswLoader } from 'msw-storybook-addon';
import { applyTheme, DEFAULT_THEME, THEMES } from '@farol/ui';
import { farolThemeVars } from './farol-theme';
import './preview.css';

// Unhandled API requests fail loudly so a story never silently depends on a missing handler. Everything
// else on the Storybook origin (lazily imported MDX and stories, HMR, assets) must pass through: with a
// blanket 'error', a page the worker already controls cannot load its docs or stories.
initialize({
  onUnhandledRequest(request, print) {
    const url = new URL(request.url);
    if (
      url.origin !== location.origin ||
      url.pathname.startsWith('/api') ||
      url.pathname.startsWith('/socket.io')
    ) {
      print.error();
    }
  },
  quiet: true,
});

const preview: Preview = {
  loaders: [mswLoader],
  globalTypes: {
    theme: {
      description: 'Tema de cores do kit aplicado a todas as histórias',
      toolbar: {
        title: 'Tema',
        icon: 'paintbrush',
        items: THEMES.map((theme) => ({ value: theme.id, title: theme.label })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: DEFAULT_THEME },
  parameters: {
    // Every story is scanned and any violation fails it. Only violations are gathered in full: axe then skips
    // building selectors and details for every passing node (axe's documented speed option).
    a11y: { test: 'error', options: { resultTypes: ['violations'] } },
    layout: 'fullscreen',
    backgrounds: { disable: true },
    docs: { theme: farolThemeVars },
    viewport: {
      // Stories name these keys (`globals: { viewport: { value: 'mobile' } }`): keep them stable.
      options: {
        mobile: { name: 'Celular 375', styles: { width: '375px', height: '740px' }, type: 'mobile' },
        phone390: { name: 'Celular 390', styles: { width: '390px', height: '844px' }, type: 'mobile' },
        desktop: { name: 'Desktop 1280', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
  },
  decorators: [
    (Story, { globals }) => {
      // Applied while rendering, before the story's own effects run: a story that applies a theme itself
      // (UI/Themes, Portal/Settings) still wins, and the next story starts from the toolbar's theme again.
      applyTheme(typeof globals.theme === 'string' ? globals.theme : DEFAULT_THEME);
      return <Story />;
    },
  ],
};

export default preview;
