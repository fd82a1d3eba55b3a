import { TERMINAL_CLOSE_MESSAGES, type TerminalHostKeyEvent } from '../../contract/connection-terminal';
import {
  createChannelEvents,
  type TerminalChannel,
  type TerminalTarget,
  type TerminalTransport,
} from './transport';

export interface FakeTerminalOptions {
  /** Ask for this host key first ('new' waits for trust; 'mismatch' refuses). */
  hostKey?: Omit<TerminalHostKeyEvent, 'host'> & { host?: string };
  /** The session is recorded (the page shows "Gravando"). */
  recording?: boolean;
  /** Never answers: the page stays on "Conectando". */
  hang?: boolean;
  /** Refuses the ticket at once with this close reason. */
  refuse?: keyof typeof TERMINAL_CLOSE_MESSAGES;
  /** What the shell prints first. */
  banner?: string;
  prompt?: string;
  /** Session id the ready event names. */
  sessionId?: number;
  /** Delay of every answer, ms (0: at once, in a microtask). */
  latencyMs?: number;
}

export interface FakeTerminalTransport extends TerminalTransport {
  /** Every channel opened, newest last, with what the page sent through it. */
  readonly opened: ReadonlyArray<{
    target: TerminalTarget;
    inputs: string[];
    resizes: Array<[number, number]>;
  }>;
  /** Ends the newest channel from the server's side (an admin, the idle timeout…). */
  endFromServer(reason: keyof typeof TERMINAL_CLOSE_MESSAGES): void;
  /** Prints on the newest channel, as the remote shell would. */
  print(text: string): void;
}

/**
 * A terminal without a server, for stories and tests: a tiny shell that echoes what is typed and answers a
 * few commands (`ls`, `uptime`, `whoami`, `exit`), with the host-key and refusal paths of the real gateway.
 */
export function createFakeTerminalTransport(options: FakeTerminalOptions = {}): FakeTerminalTransport {
  const {
    recording = false,
    hang = false,
    refuse,
    banner = 'Linux srv-db01 6.1.0-18-amd64 #1 SMP Debian x86_64\r\nÚltimo acesso: hoje às 08:12 de 10.0.0.5\r\n',
    prompt = 'ana@srv-db01:~$ ',
    sessionId = 1,
    latencyMs = 0,
  } = options;
  const opened: Array<{ target: TerminalTarget; inputs: string[]; resizes: Array<[number, number]> }> = [];
  const channels: Array<{ emit: ReturnType<typeof createChannelEvents>['emit']; closed: boolean }> = [];
  const later = (fn: () => void) => (latencyMs ? setTimeout(fn, latencyMs) : queueMicrotask(fn));

  const transport: FakeTerminalTransport = {
    get opened() {
      return opened;
    },
    endFromServer(reason) {
      const channel = channels.at(-1);
      if (!channel || channel.closed) return;
      channel.closed = true;
      channel.emit('closed', { reason, message_pt: TERMINAL_CLOSE_MESSAGES[reason] });
    },
    print(text) {
      const channel = channels.at(-1);
      if (channel && !channel.closed) channel.emit('data', text);
    },
    open(target): TerminalChannel {
      const events = createChannelEvents();
      const record = { target, inputs: [] as string[], resizes: [] as Array<[number, number]> };
      opened.push(record);
      const state = { emit: events.emit, closed: false };
      channels.push(state);
      let line = '';
      const finish = (reason: keyof typeof TERMINAL_CLOSE_MESSAGES) => {
        if (state.closed) return;
        state.closed = true;
        events.emit('closed', { reason, message_pt: TERMINAL_CLOSE_MESSAGES[reason] });
      };
      const start = () => {
        events.emit('ready', { session_id: sessionId, recording, watching: target.kind === 'watch' });
        events.emit('data', banner + prompt);
      };
      later(() => {
        if (hang) return;
        if (refuse) return finish(refuse);
        if (options.hostKey && target.kind === 'open') {
          events.emit('hostKey', { host: 'srv-db01', ...options.hostKey });
          if (options.hostKey.state === 'mismatch') finish('host_key_divergente');
          return;
        }
        start();
      });
      const answer = (command: string) => {
        switch (command.trim()) {
          case '':
            return '';
          case 'ls':
            return 'backup.sh  logs  nginx.conf\r\n';
          case 'whoami':
            return 'ana\r\n';
          case 'uptime':
            return ' 08:15:02 up 41 days,  3:02,  1 user,  load average: 0.08, 0.12, 0.10\r\n';
          default:
            return `${command.trim().split(' ')[0]}: comando não encontrado\r\n`;
        }
      };
      return {
        on: events.on,
        input(text) {
          if (state.closed) return;
          record.inputs.push(text);
          for (const char of text) {
            if (char === '\r') {
              const command = line;
              line = '';
              if (command.trim() === 'exit') {
                events.emit('data', '\r\nlogout\r\n');
                later(() => finish('remoto'));
                return;
              }
              events.emit('data', `\r\n${answer(command)}${prompt}`);
            } else if (char === '\u007f') {
              if (line) {
                line = line.slice(0, -1);
                events.emit('data', '\b \b');
              }
            } else {
              line += char;
              events.emit('data', char);
            }
          }
        },
        resize(cols, rows) {
          record.resizes.push([cols, rows]);
        },
        trustHostKey() {
          later(start);
        },
        endWatched() {
          later(() => finish('encerrada_por_admin'));
        },
        close() {
          finish('encerrada');
        },
      };
    },
  };
  return transport;
}
