export {
  createRealtimeServer,
  type RealtimeLogger,
  type RealtimeServer,
  type RealtimeServerOptions,
  type SocketUser,
} from './realtime-server';
