// The core of @farol/data (≤ 10 KB gzip): the HTTP client, the session and profile, access rules and the
// route table, the query client and its invalidation rules. Each domain is its own subpath —
// `@farol/data/notifications`, `/messages`, `/tickets` — and realtime (socket.io glue) and the chatbot live
// on `@farol/data/realtime` and `@farol/data/chatbot`, so apps load them where they are used.
export type * from './contract';
export * from './http';
export * from './query';
export * from './session';
export * from './access';
