export const CONNECTIONS_URL = '/api/connections';
export const connectionUrl = (id: number) => `${CONNECTIONS_URL}/${id}`;
export const CONNECTION_SESSIONS_URL = `${CONNECTIONS_URL}/sessions`;
export const connectionSessionUrl = (id: number) => `${CONNECTION_SESSIONS_URL}/${id}`;
