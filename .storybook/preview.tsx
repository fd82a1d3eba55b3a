import type { Preview } from '@storybook/react-vite';
import { initialize, mswLoader } from 'msw-storybook-addon';
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
  parameters: {
    a11y: { test: 'error' },
    layout: 'fullscreen',
    backgrounds: { disable: true },
    viewport: {
      options: {
        mobile: { name: 'Mobile 375', styles: { width: '375px', height: '740px' } },
        desktop: { name: 'Desktop 1280', styles: { width: '1280px', height: '800px' } },
      },
    },
  },
  decorators: [
    (Story) => {
      document.documentElement.classList.add('dark');
      return <Story />;
    },
  ],
};

export default preview;
