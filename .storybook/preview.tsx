import type { Preview } from '@storybook/react-vite';
import { initialize, mswLoader } from 'msw-storybook-addon';
import './preview.css';

// Unhandled requests fail loudly so a story never silently depends on a missing handler.
initialize({ onUnhandledRequest: 'error', quiet: true });

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
