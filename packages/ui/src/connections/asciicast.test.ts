import { describe, expect, it } from 'vitest';
import {
  AsciicastError,
  clockPosition,
  eventCountAt,
  inputLinesOf,
  outputBetween,
  parseAsciicast,
  pauseClock,
  pausedClock,
  playClock,
  replayTimeOf,
  seekClock,
  speedClock,
} from './asciicast';

const cast = (...lines: unknown[]) => lines.map((line) => JSON.stringify(line)).join('\n');
const header = { version: 2, width: 80, height: 24, timestamp: 1_764_300_000 };

describe('parseAsciicast', () => {
  it('reads the header and the events in time order', () => {
    const recording = parseAsciicast(
      cast(header, [0.5, 'o', 'a'], [0.2, 'o', 'b'], [0.2, 'i', 'c'], [1.25, 'r', '100x30']) + '\n\n',
    );
    expect(recording.header).toMatchObject({ width: 80, height: 24 });
    expect(recording.events.map((e) => [e.time, e.code, e.data])).toEqual([
      [0.2, 'o', 'b'],
      [0.2, 'i', 'c'],
      [0.5, 'o', 'a'],
      [1.25, 'r', '100x30'],
    ]);
    expect(recording.duration).toBe(1.25);
  });

  it('keeps the header duration when it is longer than the last event', () => {
    expect(parseAsciicast(cast({ ...header, duration: 9 }, [1, 'o', 'x'])).duration).toBe(9);
    expect(parseAsciicast(cast(header)).duration).toBe(0);
  });

  it('shortens pauses longer than idle_time_limit', () => {
    const recording = parseAsciicast(
      cast({ ...header, idle_time_limit: 2, duration: 100 }, [1, 'o', 'a'], [11, 'o', 'b'], [12, 'o', 'c']),
    );
    expect(recording.events.map((e) => e.time)).toEqual([1, 3, 4]);
    expect(recording.events.map((e) => e.recordedTime)).toEqual([1, 11, 12]);
    expect(recording.duration).toBe(4);
  });

  it('ignores unknown event codes and refuses what is not asciicast v2', () => {
    expect(parseAsciicast(cast(header, [1, 'x', 'y'], [2, 'm', 'marca'])).events).toHaveLength(1);
    expect(() => parseAsciicast('')).toThrow(AsciicastError);
    expect(() => parseAsciicast(cast({ version: 1, width: 80, height: 24 }))).toThrow(/Versão/);
    expect(() => parseAsciicast(cast({ version: 2 }))).toThrow(/largura/);
    expect(() => parseAsciicast('{nope')).toThrow(/Cabeçalho/);
    try {
      parseAsciicast(`${JSON.stringify(header)}\n[1, "o", "a"]\n[2, "o"]`);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AsciicastError);
      expect((error as AsciicastError).line).toBe(3);
    }
    expect(() => parseAsciicast(`${JSON.stringify(header)}\n[-1, "o", "a"]`)).toThrow(/Evento/);
  });
});

describe('inputLinesOf', () => {
  const events = (...list: [number, string][]) =>
    list.map(([time, data]) => ({ time, recordedTime: time + 10, code: 'i' as const, data }));

  it('gathers typed characters into lines at Enter, at the second Enter was pressed', () => {
    expect(
      inputLinesOf(events([1, 'l'], [1.1, 's'], [1.2, '\r'], [3, 'systemctl restart nginx\r'], [4, '\r'])),
    ).toEqual([
      { time: 1.2, recordedTime: 11.2, text: 'ls' },
      { time: 3, recordedTime: 13, text: 'systemctl restart nginx' },
    ]);
  });

  it('applies backspace, drops lines cancelled with Ctrl+C or Ctrl+U and leaves escape sequences out', () => {
    expect(
      inputLinesOf(events([1, 'lss\x7f -la\r'], [2, 'rm -rf /\x03'], [3, 'oops\x15pwd\x1b[A\x1bOB\r'])),
    ).toEqual([
      { time: 1, recordedTime: 11, text: 'ls -la' },
      { time: 3, recordedTime: 13, text: 'pwd' },
    ]);
  });

  it('ignores output events', () => {
    expect(inputLinesOf([{ time: 1, recordedTime: 1, code: 'o', data: 'prompt$ ls\r\n' }])).toEqual([]);
  });
});

describe('replay timing', () => {
  const { events } = parseAsciicast(
    cast(header, [0, 'o', 'a'], [1, 'o', 'b'], [1, 'i', 'x'], [2.5, 'o', 'c'], [4, 'o', 'd']),
  );

  it('counts the events at or before a time', () => {
    expect(eventCountAt(events, -1)).toBe(0);
    expect(eventCountAt(events, 0)).toBe(1);
    expect(eventCountAt(events, 0.99)).toBe(1);
    expect(eventCountAt(events, 1)).toBe(3);
    expect(eventCountAt(events, 3)).toBe(4);
    expect(eventCountAt(events, 99)).toBe(5);
  });

  it('joins only the output of a range of events', () => {
    expect(outputBetween(events, 0, 5)).toBe('abcd');
    expect(outputBetween(events, 1, 4)).toBe('bc');
    expect(outputBetween(events, 3, 3)).toBe('');
  });

  it('maps a recorded second onto the replay clock through shortened pauses', () => {
    const compressed = parseAsciicast(
      cast({ ...header, idle_time_limit: 1 }, [1, 'o', 'a'], [10, 'o', 'b'], [11, 'i', 'ls\r']),
    ).events;
    expect(compressed.map((e) => e.time)).toEqual([1, 2, 3]);
    expect(replayTimeOf(compressed, 11)).toBe(3);
    expect(replayTimeOf(compressed, 10.5)).toBe(2.5);
    // Inside a shortened pause, the position stops at the pause's end.
    expect(replayTimeOf(compressed, 6)).toBe(2);
    expect(replayTimeOf(compressed, 0.5)).toBe(0.5);
    expect(replayTimeOf(compressed, 50)).toBe(42);
  });

  it('moves the clock at its speed while playing and holds it while paused', () => {
    const duration = 10;
    let clock = pausedClock(0);
    expect(clockPosition(clock, 5_000, duration)).toBe(0);
    clock = playClock(clock, 1_000, duration);
    expect(clockPosition(clock, 3_000, duration)).toBe(2);
    clock = speedClock(clock, 3_000, duration, 4);
    expect(clockPosition(clock, 3_500, duration)).toBe(4);
    clock = pauseClock(clock, 3_500, duration);
    expect(clockPosition(clock, 60_000, duration)).toBe(4);
    clock = speedClock(clock, 60_000, duration, 0.5);
    clock = playClock(clock, 60_000, duration);
    expect(clockPosition(clock, 62_000, duration)).toBe(5);
    // Never past the end; play at the end starts over.
    expect(clockPosition(clock, 600_000, duration)).toBe(duration);
    expect(playClock(clock, 600_000, duration).position).toBe(0);
  });

  it('seeks without changing whether it plays', () => {
    const playing = seekClock(playClock(pausedClock(0), 0, 10), 2_000, 7);
    expect(clockPosition(playing, 3_000, 10)).toBe(8);
    const paused = seekClock(pausedClock(1), 2_000, 7);
    expect(clockPosition(paused, 9_000, 10)).toBe(7);
  });
});
