import { noteForbidden, requestSessionRefresh } from '@farol/data';
import { createFakeRealtime, type FakeRealtime, type FakeRealtimeOptions } from '@farol/data/realtime';
import {
  createMockApiClient,
  createMockQueryClient,
  resetMockState,
  seedMockSession,
  type FixtureUserName,
} from '@farol/data/mocks';
import type { Loader, StoryContext } from '@storybook/react-vite';
import { configure, getConfig } from 'storybook/test';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../../apps/portal/src/providers/app-providers';
import { appRoutes } from '../../../apps/portal/src/routing/router';
import { portalHandlers } from './portal-handlers';

export interface PortalStoryProps {
  /** Where the app opens (the MemoryRouter's first entry). */
  path: string;
  /** The fixture user whose session is stored before the app mounts; null signs everybody out. */
  user: FixtureUserName | null;
  /** Live events the story pushes (notifications, messages, typing); one per story. */
  realtime?: FakeRealtime;
}

/**
 * The assembled app — real routes, guards, layouts and pages — over MSW and an in-memory realtime:
 * a fresh QueryClient and API client per story, exactly as production wires them.
 */
export function PortalStory({ path, realtime }: PortalStoryProps) {
  const [services] = useState(() => {
    const queryClient = createMockQueryClient();
    return {
      queryClient,
      api: createMockApiClient({
        queryClient,
        onUnauthorized: requestSessionRefresh,
        onForbidden: noteForbidden,
      }),
      realtime: realtime ?? createFakeRealtime(),
    };
  });
  const [router] = useState(() => createMemoryRouter(appRoutes(), { initialEntries: [path] }));
  return (
    <AppProviders {...services}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

export interface PortalLoaded {
  realtime: FakeRealtime;
}

/**
 * Before each story: the mock stores back to their fixtures, the session stored, a new fake realtime
 * (`parameters.realtimeOnSend` answers the sends, e.g. never or with a failure).
 */
export const portalLoaders: Loader<PortalStoryProps>[] = [
  async ({ args, parameters }) => {
    resetMockState();
    seedMockSession(args.user);
    const onSend = (parameters as { realtimeOnSend?: FakeRealtimeOptions['onSend'] }).realtimeOnSend;
    return { realtime: createFakeRealtime(onSend ? { onSend } : {}) } satisfies PortalLoaded;
  },
];

/** Renders the story's args with the loader's realtime. */
export const renderPortal = (args: PortalStoryProps, { loaded }: StoryContext<PortalStoryProps>) => (
  <PortalStory {...args} realtime={(loaded as PortalLoaded).realtime} />
);

/** The realtime a story's loader made, for its play. */
export const realtimeOf = (context: { loaded: unknown }) => (context.loaded as PortalLoaded).realtime;

/**
 * Pages are lazily loaded chunks, as in production: on a busy machine the first one of a file can take
 * longer than testing-library's 1 s to arrive, so the app's stories wait up to 10 s (restored after).
 */
export const portalBeforeEach = () => {
  const previous = getConfig().asyncUtilTimeout;
  configure({ asyncUtilTimeout: 10_000 });
  return () => configure({ asyncUtilTimeout: previous });
};

/**
 * What every connected story file shares: the app at a path over the default portal handlers, on a desktop
 * viewport. A file spreads it into its meta after its own `title` (kept literal for Storybook's indexer).
 */
export const portalMeta = {
  component: PortalStory,
  loaders: portalLoaders,
  beforeEach: portalBeforeEach,
  render: renderPortal,
  parameters: { msw: { handlers: portalHandlers() } },
  globals: { viewport: { value: 'desktop' } },
};
