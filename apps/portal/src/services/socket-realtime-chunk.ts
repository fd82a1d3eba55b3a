// The lazily loaded chunk's entry: socket.io-client and the realtime glue stay out of first paint.
export { createSocketRealtime } from '@farol/data/realtime';
