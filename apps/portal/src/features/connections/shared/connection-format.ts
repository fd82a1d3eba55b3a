import { hasPermission, PERMISSIONS, useSession } from '@farol/data';
import type { Connection, ConnectionSession } from '@farol/data';

export const connectionsPath = '/connections';
export const connectionPath = (id: number) => `/connections/${id}`;
export const terminalPath = (id: number, ticketId?: number | null) =>
  `/connections/${id}/terminal${ticketId ? `?ticket_id=${ticketId}` : ''}`;
export const replayPath = (sessionId: number, seconds?: number) =>
  `/connections/sessions/${sessionId}/replay${seconds !== undefined ? `?t=${Math.floor(seconds)}` : ''}`;
export const watchPath = (sessionId: number) => `/connections/sessions/${sessionId}/watch`;

export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** A session's length in whole minutes ("23 min"), or "em andamento". */
export const sessionLength = (session: ConnectionSession): string => {
  if (session.external) return 'Iniciada externamente';
  if (!session.ended_at) return 'Em andamento';
  const minutes = Math.round((Date.parse(session.ended_at) - Date.parse(session.started_at)) / 60_000);
  return minutes < 1 ? 'menos de 1 min' : `${minutes} min`;
};

/** What the people on this screen may do with connections. */
export function useConnectionRights() {
  const { user } = useSession();
  return {
    connect: hasPermission(user, PERMISSIONS.CONNECTIONS_CONNECT),
    manage: hasPermission(user, PERMISSIONS.CONNECTIONS_MANAGE),
    audit: hasPermission(user, PERMISSIONS.CONNECTIONS_AUDIT),
  };
}

/**
 * Whether the page connects in the browser: SSH and VNC through the server's gateway. RDP would need a guacd
 * the server does not announce (the contract has no such flag yet), so RDP always launches natively.
 */
export const connectsInBrowser = (connection: Pick<Connection, 'protocol'>): boolean =>
  connection.protocol === 'ssh' || connection.protocol === 'vnc';
