// @farol/ui/connections: the Conexões module's presentational pieces (a subpath of its own, like
// @farol/ui/tasks: the main entry's budget stays untouched, and xterm and noVNC load only when a terminal or a
// viewer is drawn). Props in, events out; the app maps its contract onto the `…View` types.
export { Terminal } from './terminal';
export type { TerminalProps, TerminalHandle } from './terminal';
export { TerminalFrame, sessionStateVariants } from './terminal-frame';
export type { TerminalFrameProps } from './terminal-frame';
export { HostKeyPrompt, HostKeyMismatch } from './host-key';
export type { HostKeyPromptProps, HostKeyMismatchProps } from './host-key';
export { ConnectReasonDialog } from './connect-reason-dialog';
export type { ConnectReasonDialogProps } from './connect-reason-dialog';
export { SessionEnded, sessionEndedVariants } from './session-ended';
export type { SessionEndedProps } from './session-ended';
export { VncViewer } from './vnc-viewer';
export type { VncViewerProps, VncFailure } from './vnc-viewer';
export { AsciicastPlayer } from './asciicast-player';
export type { AsciicastPlayerProps } from './asciicast-player';
export {
  ConnectionStatusDot,
  ProtocolBadge,
  connectionStatusDotVariants,
  protocolBadgeVariants,
} from './connection-status';
export type { ConnectionStatusDotProps, ProtocolBadgeProps } from './connection-status';
export { LaunchMenu, launchActionsFor } from './launch-menu';
export type { LaunchMenuProps } from './launch-menu';
export {
  parseAsciicast,
  inputLinesOf,
  eventCountAt,
  outputBetween,
  replayTimeOf,
  AsciicastError,
  REPLAY_SPEEDS,
} from './asciicast';
export type { Asciicast, AsciicastHeader, AsciicastEvent, AsciicastInputLine } from './asciicast';
export { formatClock, formatDuration, formatBytes } from './format';
export { defaultConnectionsMessages, useConnectionsMessages } from './messages';
export type { ConnectionsMessages } from './messages';
export type {
  ConnectionProtocolView,
  ReachabilityView,
  SessionStateView,
  SessionEndReasonView,
  TerminalSize,
  TerminalChunk,
  TerminalStream,
  LaunchAction,
  AskedCredential,
  ConnectRequest,
} from './types';
