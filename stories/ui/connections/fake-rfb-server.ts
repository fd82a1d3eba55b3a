/**
 * A VNC server inside the page, shaped like the WebSocket noVNC reads: the RFB 3.8 handshake with no
 * authentication (version, security type None, result OK, ServerInit of a 640 × 400 desktop), then it ignores
 * what the client sends; or one that hangs up at once. Enough for the viewer's states in Storybook, where no
 * gateway runs.
 */
export class FakeRfbChannel {
  binaryType = 'arraybuffer';
  protocol = 'binary';
  readyState: 'connecting' | 'open' | 'closed' = 'connecting';
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: ArrayBuffer }) => void) | null = null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  /** Every message the client sent, for assertions. */
  readonly received: Uint8Array[] = [];
  private stage = 0;
  private pending = new Uint8Array(0);

  /** `refuse`: hang up right after opening, as the gateway does with an expired ticket (close code 4401). */
  constructor(
    private readonly desktopName = 'estacao-recepcao',
    refuse = false,
  ) {
    setTimeout(() => {
      this.readyState = 'open';
      this.onopen?.();
      if (refuse) {
        this.readyState = 'closed';
        this.onclose?.({ code: 4401, reason: 'ticket_invalido', wasClean: true });
        return;
      }
      this.reply(new TextEncoder().encode('RFB 003.008\n'));
    }, 50);
  }

  send(data: Uint8Array | ArrayBuffer) {
    const bytes = data instanceof Uint8Array ? data.slice() : new Uint8Array(data);
    this.received.push(bytes);
    const joined = new Uint8Array(this.pending.length + bytes.length);
    joined.set(this.pending);
    joined.set(bytes, this.pending.length);
    this.pending = joined;
    this.advance();
  }

  close() {
    if (this.readyState === 'closed') return;
    this.readyState = 'closed';
    setTimeout(() => this.onclose?.({ code: 1000, reason: '', wasClean: true }), 0);
  }

  private take(count: number): boolean {
    if (this.pending.length < count) return false;
    this.pending = this.pending.slice(count);
    return true;
  }

  private advance() {
    // Client version (12 bytes) → security types [None]; chosen type (1) → OK; ClientInit (1) → ServerInit.
    if (this.stage === 0 && this.take(12)) {
      this.stage = 1;
      this.reply(Uint8Array.of(1, 1));
    }
    if (this.stage === 1 && this.take(1)) {
      this.stage = 2;
      this.reply(Uint8Array.of(0, 0, 0, 0));
    }
    if (this.stage === 2 && this.take(1)) {
      this.stage = 3;
      const name = new TextEncoder().encode(this.desktopName);
      const init = new Uint8Array(24 + name.length);
      const view = new DataView(init.buffer);
      view.setUint16(0, 640);
      view.setUint16(2, 400);
      // Pixel format: 32 bpp, depth 24, little-endian, true colour, 255 per channel, shifts 16/8/0.
      init.set([32, 24, 0, 1], 4);
      view.setUint16(8, 255);
      view.setUint16(10, 255);
      view.setUint16(12, 255);
      init.set([16, 8, 0], 14);
      view.setUint32(20, name.length);
      init.set(name, 24);
      this.reply(init);
    }
    if (this.stage === 3) this.pending = new Uint8Array(0);
  }

  private reply(bytes: Uint8Array) {
    const copy = bytes.slice();
    setTimeout(() => this.onmessage?.({ data: copy.buffer }), 0);
  }
}
