// @farol/data/connections: the connections domain (Conexões). The contract's constants and rules without zod
// (protocols, ports, launch links and commands, labels), its query keys, one file per endpoint (fetcher,
// queryOptions, hook), and the terminal's headless session over the gateway (socket in the app, an in-memory
// shell in stories). Its MSW handlers are in @farol/data/mocks.
export * from '../contract/connection-constants';
export { TERMINAL_CLOSE_MESSAGES } from '../contract/connection-terminal';
export type {
  RecordingSearchHit,
  TerminalClosedEvent,
  TerminalCloseReason,
  TerminalHostKeyEvent,
  TerminalReadyEvent,
} from '../contract/connection-terminal';
export { connectionKeys, connectionInvalidation } from './keys';
export * from './api/urls';
export * from './api/get-connections';
export * from './api/get-connection';
export * from './api/save-connection';
export * from './api/connect';
export * from './api/get-sessions';
export * from './api/recordings';
export type { TerminalChannel, TerminalTarget, TerminalTransport } from './terminal/transport';
export { createSocketTerminalTransport, splitTerminalInput } from './terminal/socket-transport';
export type { SocketTerminalTransportOptions } from './terminal/socket-transport';
export { createFakeTerminalTransport } from './terminal/fake-transport';
export type { FakeTerminalOptions, FakeTerminalTransport } from './terminal/fake-transport';
export {
  TerminalTransportProvider,
  useTerminalSession,
  useTerminalTransport,
} from './terminal/use-terminal-session';
export type { TerminalPhase, TerminalSessionState } from './terminal/use-terminal-session';
