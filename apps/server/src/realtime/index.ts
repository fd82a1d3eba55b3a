export {
  createRealtimeServer,
  type Ack,
  type ConnectionHandler,
  type RealtimeLogger,
  type RealtimeServer,
  type RealtimeServerOptions,
  type RoomEmitter,
  type SocketContext,
  type SocketUser,
} from './realtime-server';
export { userRoom } from './rooms';
