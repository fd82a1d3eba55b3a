import { expect, type Page } from '@playwright/test';

const SOCKET_PATH = '/socket.io/';
const REALTIME_TIMEOUT_MS = 25_000;

/**
 * Watches the page's socket.io connection (the frames on the wire), so a test acts only once the live
 * channel is up instead of sleeping. Start it before the navigation that opens the socket.
 */
export const watchRealtime = (page: Page) => {
  let sent: string[] = [];
  let received: string[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().includes(SOCKET_PATH)) return;
    // A new socket (after a reload or a reconnect) starts a new record.
    sent = [];
    received = [];
    socket.on('framesent', ({ payload }) => sent.push(String(payload)));
    socket.on('framereceived', ({ payload }) => received.push(String(payload)));
  });
  return {
    /** The server accepted the socket.io connection (a CONNECT packet, `40…`, came back). */
    connected: () =>
      expect
        .poll(() => received.some((frame) => frame.startsWith('40')), {
          message: 'the realtime socket should connect',
          timeout: REALTIME_TIMEOUT_MS,
        })
        .toBe(true),
    /** The page asked to join the conversation's room. */
    joined: (conversationId: number) =>
      expect
        .poll(
          () =>
            sent.some(
              (frame) =>
                /^42\d*\["(conv|conversation):join"/.test(frame) &&
                frame.includes(`"conversationId":${conversationId}`),
            ),
          { message: `the page should join conversation ${conversationId}`, timeout: REALTIME_TIMEOUT_MS },
        )
        .toBe(true),
  };
};
