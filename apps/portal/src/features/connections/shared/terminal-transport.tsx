import { readStoredToken } from '@farol/data';
import {
  createSocketTerminalTransport,
  TerminalTransportProvider,
  type TerminalTransport,
} from '@farol/data/connections';
import { Spinner } from '@farol/ui';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { loadRealtimeUrl } from '../../../services/runtime-config';

const OverrideContext = createContext<TerminalTransport | null>(null);

/** Stories (and tests) put their in-memory shell here; the app's screens then use it instead of the socket. */
export function TerminalTransportOverride({
  transport,
  children,
}: {
  transport: TerminalTransport;
  children: ReactNode;
}) {
  return <OverrideContext.Provider value={transport}>{children}</OverrideContext.Provider>;
}

/**
 * The terminal screens' transport: the gateway's socket (namespace /terminal) on the realtime URL the app
 * already uses (the page's runtime config, else GET /api/config), authenticated with the stored token.
 */
export function AppTerminalTransport({ children }: { children: ReactNode }) {
  const override = useContext(OverrideContext);
  const [transport, setTransport] = useState<TerminalTransport | null>(override);
  useEffect(() => {
    if (override) return;
    let live = true;
    void loadRealtimeUrl().then((url) => {
      if (!live) return;
      setTransport(
        createSocketTerminalTransport(
          url ? { url, getToken: readStoredToken } : { getToken: readStoredToken },
        ),
      );
    });
    return () => {
      live = false;
    };
  }, [override]);
  if (!transport) {
    return (
      <div className="flex items-center gap-2 p-6 text-sm text-muted-foreground" role="status">
        <Spinner /> Preparando o terminal…
      </div>
    );
  }
  return <TerminalTransportProvider transport={transport}>{children}</TerminalTransportProvider>;
}
