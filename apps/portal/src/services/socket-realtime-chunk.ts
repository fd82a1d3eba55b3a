// The lazily loaded chunk's entry: socket.io-client and the event schemas (zod) stay out of first paint.
export { createSocketRealtime } from '@farol/data';
