import { lazy, Suspense, useEffect, useState } from 'react';

const ConnectedChatbot = lazy(async () => ({
  default: (await import('./connected-chatbot')).ConnectedChatbot,
}));

/**
 * The assistant for signed-in staff (spec §1), fetched once the shell is idle so it never competes with
 * the page; hidden on /login, /auth and /checkout (@farol/data's `isChatbotHiddenOn`).
 */
export function LazyChatbot({ pathname }: { pathname: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setReady(true), { timeout: 2_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(() => setReady(true), 300);
    return () => window.clearTimeout(handle);
  }, []);
  if (!ready) return null;
  // A landmark of its own: also keeps the chat window's <header> from reading as a second page banner.
  return (
    <aside aria-label="Assistente">
      <Suspense fallback={null}>
        <ConnectedChatbot pathname={pathname} />
      </Suspense>
    </aside>
  );
}
