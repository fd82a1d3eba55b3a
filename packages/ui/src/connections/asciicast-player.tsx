import { PauseIcon, PlayIcon } from 'lucide-react';
import type * as React from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { cn } from '../lib/cn';
import { Button } from '../primitives/button';
import {
  clockPosition,
  eventCountAt,
  outputBetween,
  parseAsciicast,
  pauseClock,
  pausedClock,
  playClock,
  REPLAY_SPEEDS,
  replayTimeOf,
  seekClock,
  speedClock,
  type Asciicast,
  type PlaybackClock,
} from './asciicast';
import { formatClock, formatSpeed } from './format';
import { useConnectionsMessages } from './messages';
import { Terminal, type TerminalHandle } from './terminal';

export type AsciicastPlayerProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The recording's text (asciicast v2). */
  cast: string;
  /**
   * Where to start, in seconds of the recording (a search hit's `offset_seconds`): the replay opens there,
   * paused, with that line marked.
   */
  initialTime?: number;
  autoPlay?: boolean;
  defaultSpeed?: (typeof REPLAY_SPEEDS)[number];
  /** Every change of playing/paused. */
  onPlayingChange?: (playing: boolean) => void;
};

function usePlayback(recording: Asciicast | null, terminal: React.RefObject<TerminalHandle | null>) {
  const duration = recording?.duration ?? 0;
  const clock = useRef<PlaybackClock>(pausedClock(0));
  const written = useRef(0);
  const [position, setPosition] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);

  /** Brings the terminal to the clock's position: forward by writing, backwards by replaying from the start. */
  const sync = useCallback(() => {
    if (!recording) return 0;
    const now = performance.now();
    const at = clockPosition(clock.current, now, duration);
    const target = eventCountAt(recording.events, at);
    const handle = terminal.current;
    if (handle && target !== written.current) {
      if (target < written.current) {
        handle.reset();
        written.current = 0;
      }
      const out = outputBetween(recording.events, written.current, target);
      if (out) handle.write(out);
      written.current = target;
    }
    // While playing, shown in tenths (the slider's step): the player re-renders 10 times a second, not every
    // frame. A seek shows the exact second, so a typed line jumped to is the current one.
    const playingNow = clock.current.startedAt !== null;
    setPosition(playingNow && at < duration ? Math.floor(at * 10) / 10 : at);
    if (clock.current.startedAt !== null && at >= duration) {
      clock.current = pauseClock(clock.current, now, duration);
      setPlaying(false);
    }
    return at;
  }, [recording, duration, terminal]);

  useEffect(() => {
    if (!playing) return;
    let frame = requestAnimationFrame(function step() {
      sync();
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, sync]);

  const controls = useMemo(
    () => ({
      play() {
        clock.current = playClock(clock.current, performance.now(), duration);
        setPlaying(true);
        sync();
      },
      pause() {
        clock.current = pauseClock(clock.current, performance.now(), duration);
        setPlaying(false);
        sync();
      },
      seek(to: number) {
        clock.current = seekClock(clock.current, performance.now(), Math.min(Math.max(0, to), duration));
        sync();
      },
      setSpeed(next: number) {
        clock.current = speedClock(clock.current, performance.now(), duration, next);
        setSpeed(next);
      },
      restart() {
        written.current = 0;
        clock.current = pausedClock(0, clock.current.speed);
      },
    }),
    [duration, sync],
  );
  return { position, playing, speed, duration, ...controls };
}

/**
 * Replays an SSH recording (asciicast v2) in a read-only terminal at its recorded size: play/pause, a seek bar,
 * 0,5×–4×, and the lines typed during the session (with a filter), each jumping to its second.
 */
export function AsciicastPlayer({
  cast,
  initialTime,
  autoPlay = false,
  defaultSpeed = 1,
  onPlayingChange,
  className,
  ...props
}: AsciicastPlayerProps) {
  const messages = useConnectionsMessages();
  const t = messages.replay;
  const parsed = useMemo((): { recording: Asciicast } | { error: string } => {
    try {
      return { recording: parseAsciicast(cast) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, [cast]);
  const recording = 'recording' in parsed ? parsed.recording : null;
  const terminal = useRef<TerminalHandle>(null);
  const [filter, setFilter] = useState('');
  const playback = usePlayback(recording, terminal);
  const { play, pause, seek, restart, setSpeed } = playback;

  // A new recording (or a new hit to jump to) starts over from there.
  useEffect(() => {
    if (!recording) return;
    terminal.current?.reset();
    restart();
    setSpeed(defaultSpeed);
    seek(initialTime === undefined ? 0 : replayTimeOf(recording.events, initialTime));
    if (autoPlay) play();
    // `defaultSpeed` and `autoPlay` apply to a new recording only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recording, initialTime]);

  const onPlayingChangeRef = useRef(onPlayingChange);
  onPlayingChangeRef.current = onPlayingChange;
  useEffect(() => onPlayingChangeRef.current?.(playback.playing), [playback.playing]);

  if (!recording) {
    return (
      <div data-slot="asciicast-player" data-state="invalid" className={cn('p-4', className)} {...props}>
        <p role="alert" className="text-sm text-destructive">
          {t.invalid} {'error' in parsed ? parsed.error : ''}
        </p>
      </div>
    );
  }

  const currentLine = (() => {
    let index = -1;
    recording.inputLines.forEach((line, i) => {
      if (line.time <= playback.position + 0.001) index = i;
    });
    return index;
  })();
  const atEnd = playback.position >= playback.duration && playback.duration > 0;
  const needle = filter.trim().toLocaleLowerCase('pt-BR');
  const shownLines = recording.inputLines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => !needle || line.text.toLocaleLowerCase('pt-BR').includes(needle));

  return (
    <div
      data-slot="asciicast-player"
      data-state={playback.playing ? 'playing' : 'paused'}
      role="region"
      aria-label={t.label}
      className={cn('flex min-h-0 flex-col gap-3 lg:flex-row', className)}
      {...props}
    >
      <div className="flex min-w-0 flex-1 flex-col overflow-hidden rounded-lg border border-border bg-card">
        <div className="overflow-auto">
          <Terminal
            ref={terminal}
            readOnly
            copyOnSelect={false}
            size={{ cols: recording.header.width, rows: recording.header.height }}
            className="min-h-0 w-max min-w-full"
          />
        </div>
        <div
          data-slot="replay-controls"
          className="flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-border px-3 py-2"
        >
          <Button
            size="icon-sm"
            variant="secondary"
            aria-label={playback.playing ? t.pause : t.play}
            onClick={() => (playback.playing ? pause() : play())}
          >
            {playback.playing ? <PauseIcon aria-hidden="true" /> : <PlayIcon aria-hidden="true" />}
          </Button>
          <input
            type="range"
            aria-label={t.position}
            aria-valuetext={`${formatClock(playback.position)} de ${formatClock(playback.duration)}`}
            min={0}
            max={playback.duration}
            step={0.1}
            value={playback.position}
            onChange={(event) => seek(Number(event.target.value))}
            className="h-2 min-w-32 flex-1 accent-primary"
          />
          <span data-slot="replay-time" className="text-xs text-muted-foreground tabular-nums">
            {formatClock(playback.position)} / {formatClock(playback.duration)}
          </span>
          <div role="group" aria-label={t.speed} className="flex items-center gap-0.5">
            {REPLAY_SPEEDS.map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={playback.speed === value}
                onClick={() => setSpeed(value)}
                className={cn(
                  'h-7 rounded-sm px-1.5 text-xs tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  playback.speed === value
                    ? 'bg-primary text-primary-foreground'
                    : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
                )}
              >
                {formatSpeed(value)}
              </button>
            ))}
          </div>
          {atEnd && (
            <span role="status" className="text-xs text-muted-foreground">
              {t.ended}
            </span>
          )}
        </div>
      </div>
      <nav aria-label={t.inputLines} className="flex max-h-80 flex-col gap-1 lg:max-h-none lg:w-72">
        <h3 className="text-sm font-medium">{t.inputLines}</h3>
        {recording.inputLines.length > 0 && (
          <input
            type="search"
            value={filter}
            aria-label={t.filter}
            placeholder={t.filter}
            onChange={(event) => setFilter(event.target.value)}
            className="h-8 rounded-md border border-input bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
        )}
        {recording.inputLines.length === 0 ? (
          <p className="text-xs text-muted-foreground">{t.noInput}</p>
        ) : shownLines.length === 0 ? (
          <p role="status" className="text-xs text-muted-foreground">
            {t.noMatch(filter.trim())}
          </p>
        ) : (
          <ol className="flex min-h-0 flex-col gap-0.5 overflow-y-auto">
            {shownLines.map(({ line, index }) => (
              <li key={`${line.time}-${index}`}>
                <button
                  type="button"
                  aria-current={index === currentLine ? 'true' : undefined}
                  aria-label={t.jumpTo(formatClock(line.time), line.text)}
                  onClick={() => seek(line.time)}
                  className={cn(
                    'flex w-full items-baseline gap-2 rounded-sm px-2 py-1 text-left text-xs outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                    index === currentLine && 'bg-accent text-accent-foreground',
                  )}
                >
                  <span className="text-muted-foreground tabular-nums">{formatClock(line.time)}</span>
                  <code className="min-w-0 truncate font-mono">{line.text}</code>
                </button>
              </li>
            ))}
          </ol>
        )}
      </nav>
    </div>
  );
}
