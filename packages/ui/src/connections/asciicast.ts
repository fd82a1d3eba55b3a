// asciicast v2 (https://docs.asciinema.org/manual/asciicast/v2/): a JSON header line, then one JSON array per
// line, `[seconds, code, data]`, with code "o" (output), "i" (input), "r" (resize, "COLSxROWS") or "m" (marker).

export interface AsciicastHeader {
  version: 2;
  width: number;
  height: number;
  timestamp?: number;
  duration?: number;
  /** Pauses longer than this many seconds are shortened to it on replay. */
  idle_time_limit?: number;
  title?: string;
  env?: Record<string, string>;
}

export type AsciicastEventCode = 'o' | 'i' | 'r' | 'm';

export interface AsciicastEvent {
  /** Seconds from the start on the replay's clock (idle pauses already shortened). */
  time: number;
  /** Seconds as recorded. */
  recordedTime: number;
  code: AsciicastEventCode;
  data: string;
}

/** A line typed during the session: its text (edits applied) and the second Enter was pressed. */
export interface AsciicastInputLine {
  time: number;
  /** Seconds as recorded, which a search hit's offset refers to. */
  recordedTime: number;
  text: string;
}

export interface Asciicast {
  header: AsciicastHeader;
  events: AsciicastEvent[];
  /** The replay's length: the last event's time (or the header's duration, if longer). */
  duration: number;
  inputLines: AsciicastInputLine[];
}

export class AsciicastError extends Error {
  constructor(
    message: string,
    /** 1-based line of the recording that could not be read. */
    readonly line: number,
  ) {
    super(message);
    this.name = 'AsciicastError';
  }
}

const CODES = new Set<string>(['o', 'i', 'r', 'm']);

/**
 * Reads an asciicast v2 recording. Blank lines are skipped, events are kept in time order (a stable sort, so a
 * recorder's equal times keep their order), unknown event codes are ignored, and a malformed line throws an
 * AsciicastError naming it.
 */
export function parseAsciicast(text: string): Asciicast {
  const lines = text.split(/\r?\n/);
  let index = 0;
  while (index < lines.length && lines[index]!.trim() === '') index += 1;
  if (index >= lines.length) throw new AsciicastError('Gravação vazia', 1);
  let header: AsciicastHeader;
  try {
    header = JSON.parse(lines[index]!) as AsciicastHeader;
  } catch {
    throw new AsciicastError('Cabeçalho inválido', index + 1);
  }
  if (typeof header !== 'object' || header === null || header.version !== 2)
    throw new AsciicastError('Versão não suportada (esperada a 2)', index + 1);
  if (!(header.width > 0) || !(header.height > 0))
    throw new AsciicastError('Cabeçalho sem largura e altura', index + 1);

  const raw: { time: number; code: AsciicastEventCode; data: string }[] = [];
  for (let n = index + 1; n < lines.length; n += 1) {
    const line = lines[n]!;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new AsciicastError('Evento inválido', n + 1);
    }
    if (
      !Array.isArray(value) ||
      value.length < 3 ||
      typeof value[0] !== 'number' ||
      !Number.isFinite(value[0]) ||
      value[0] < 0 ||
      typeof value[1] !== 'string' ||
      typeof value[2] !== 'string'
    )
      throw new AsciicastError('Evento inválido', n + 1);
    if (!CODES.has(value[1])) continue;
    raw.push({ time: value[0], code: value[1] as AsciicastEventCode, data: value[2] });
  }
  raw.sort((a, b) => a.time - b.time);

  const limit = header.idle_time_limit && header.idle_time_limit > 0 ? header.idle_time_limit : Infinity;
  const events = compressIdle(raw, limit);
  const last = events.length > 0 ? events[events.length - 1]!.time : 0;
  const headerDuration = Number.isFinite(limit) ? 0 : (header.duration ?? 0);
  return { header, events, duration: Math.max(last, headerDuration), inputLines: inputLinesOf(events) };
}

/** Shortens every gap between events to at most `limit` seconds. */
export function compressIdle(
  events: readonly { time: number; code: AsciicastEventCode; data: string }[],
  limit: number,
): AsciicastEvent[] {
  let shift = 0;
  let previous = 0;
  return events.map((event) => {
    const gap = event.time - previous;
    if (gap > limit) shift += gap - limit;
    previous = event.time;
    return { time: event.time - shift, recordedTime: event.time, code: event.code, data: event.data };
  });
}

/**
 * The lines typed into the session ("i" events): characters gather until Enter (\r or \n); backspace (DEL or
 * BS) removes the last one, Ctrl+C and Ctrl+U drop the line, escape sequences (arrow keys…) are left out.
 * Lines that end up empty are not listed.
 */
export function inputLinesOf(events: readonly AsciicastEvent[]): AsciicastInputLine[] {
  const lines: AsciicastInputLine[] = [];
  let current = '';
  for (const event of events) {
    if (event.code !== 'i') continue;
    // Escape sequences (arrow keys, function keys) are control characters by nature.
    // eslint-disable-next-line no-control-regex
    const data = event.data.replace(/\x1b(\[[0-9;?]*[ -/]*[@-~]|O.|.)/g, '');
    for (const char of data) {
      if (char === '\r' || char === '\n') {
        const text = current.trim();
        if (text) lines.push({ time: event.time, recordedTime: event.recordedTime, text });
        current = '';
      } else if (char === '\x7f' || char === '\b') {
        current = Array.from(current).slice(0, -1).join('');
      } else if (char === '\x03' || char === '\x15') {
        current = '';
      } else if (char >= ' ') {
        current += char;
      }
    }
  }
  return lines;
}

/** How many events happen at or before `time` (binary search): the replay has written exactly these. */
export function eventCountAt(events: readonly AsciicastEvent[], time: number): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (events[middle]!.time <= time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The output of events [from, to) joined: what to write to move the replay forward. */
export function outputBetween(events: readonly AsciicastEvent[], from: number, to: number): string {
  let out = '';
  for (let i = Math.max(0, from); i < Math.min(to, events.length); i += 1) {
    const event = events[i]!;
    if (event.code === 'o') out += event.data;
  }
  return out;
}

/** The replay's time for a recorded second (a search hit's offset), through the idle compression. */
export function replayTimeOf(events: readonly AsciicastEvent[], recordedTime: number): number {
  let previous: AsciicastEvent | undefined;
  for (const event of events) {
    if (event.recordedTime > recordedTime) break;
    previous = event;
  }
  if (!previous) return Math.max(0, Math.min(recordedTime, events[0]?.time ?? 0));
  const next = events[events.indexOf(previous) + 1];
  const after = recordedTime - previous.recordedTime;
  const room = next ? next.time - previous.time : after;
  return previous.time + Math.min(after, room);
}

/**
 * The replay's clock: the position moves at `speed` while playing. Pure, so the player and its tests share it;
 * `now` is any monotonic milliseconds (performance.now()).
 */
export interface PlaybackClock {
  /** Position in seconds when the clock was last set. */
  position: number;
  /** `now` at that moment, or null while paused. */
  startedAt: number | null;
  speed: number;
}

export const pausedClock = (position: number, speed = 1): PlaybackClock => ({
  position,
  startedAt: null,
  speed,
});

export function clockPosition(clock: PlaybackClock, now: number, duration: number): number {
  const position =
    clock.startedAt === null
      ? clock.position
      : clock.position + ((now - clock.startedAt) / 1000) * clock.speed;
  return Math.min(Math.max(0, position), duration);
}

export const playClock = (clock: PlaybackClock, now: number, duration: number): PlaybackClock => {
  const position = clockPosition(clock, now, duration);
  // Play at the end starts over, as a video does.
  return { position: position >= duration ? 0 : position, startedAt: now, speed: clock.speed };
};

export const pauseClock = (clock: PlaybackClock, now: number, duration: number): PlaybackClock =>
  pausedClock(clockPosition(clock, now, duration), clock.speed);

export const seekClock = (clock: PlaybackClock, now: number, position: number): PlaybackClock => ({
  position,
  startedAt: clock.startedAt === null ? null : now,
  speed: clock.speed,
});

export const speedClock = (
  clock: PlaybackClock,
  now: number,
  duration: number,
  speed: number,
): PlaybackClock => ({
  position: clockPosition(clock, now, duration),
  startedAt: clock.startedAt === null ? null : now,
  speed,
});

export const REPLAY_SPEEDS = [0.5, 1, 1.5, 2, 4] as const;
