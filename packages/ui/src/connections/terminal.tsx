import type * as React from 'react';
import { lazy, Suspense, useCallback, useImperativeHandle, useRef } from 'react';
import { useControllableState } from '../lib/use-controllable-state';
import { cn } from '../lib/cn';
import { Spinner } from '../primitives/spinner';
import { useConnectionsMessages } from './messages';
import type { TerminalCoreHandle } from './terminal-core';
import type { TerminalChunk, TerminalSize, TerminalStream } from './types';

// xterm and its add-ons load with the first terminal drawn, never with the module's other pieces.
const TerminalCore = lazy(() => import('./terminal-core'));

/** Drives a terminal from outside: write output, clear it, focus it, open the search box. */
export interface TerminalHandle {
  /** Writes output; what is written before xterm has loaded is kept and written once it has. */
  write(chunk: TerminalChunk): void;
  clear(): void;
  /** Clears the screen and the scrollback and resets the terminal's modes (a replay seeking backwards). */
  reset(): void;
  focus(): void;
  openSearch(): void;
  /** The grid in cells, or null while xterm is still loading. */
  size(): TerminalSize | null;
}

export type TerminalProps = Omit<React.ComponentProps<'div'>, 'ref' | 'onResize' | 'onChange'> & {
  ref?: React.Ref<TerminalHandle>;
  /** What the person types or pastes (never called while read-only). */
  onData?: (data: string) => void;
  /** The grid's size after every fit to the container (and once at start). */
  onResize?: (size: TerminalSize) => void;
  /**
   * Output to follow; the terminal subscribes while mounted, and again only when `subscribe` changes (so
   * `{ subscribe: session.subscribe }` written inline is fine). The handle's `write` is the other way in.
   */
  stream?: TerminalStream;
  /** Watching (live oversight, a replay): keys and paste go nowhere; search and copy still work. */
  readOnly?: boolean;
  /** A fixed grid (a replay at its recording's size) instead of fitting the container. */
  size?: TerminalSize;
  fontSize?: number;
  autoFocus?: boolean;
  /** Copies the selection to the clipboard as soon as it is made (default true). */
  copyOnSelect?: boolean;
  /** The accessible name of the terminal's input (default "Terminal"). */
  label?: string;
  searchOpen?: boolean;
  defaultSearchOpen?: boolean;
  onSearchOpenChange?: (open: boolean) => void;
};

/**
 * An xterm.js terminal that fills its container: output through `stream` or the handle, input through
 * `onData`, size through `onResize`; Ctrl+F (or `openSearch`) opens the search box, links open in a new tab,
 * a selection is copied, Ctrl+V pastes. Presentational: the app connects it to the gateway.
 */
export function Terminal({
  ref,
  onData,
  onResize,
  stream,
  readOnly = false,
  size,
  fontSize = 14,
  autoFocus = false,
  copyOnSelect = true,
  label,
  searchOpen: searchOpenProp,
  defaultSearchOpen = false,
  onSearchOpenChange,
  className,
  ...props
}: TerminalProps) {
  const messages = useConnectionsMessages();
  const [searchOpen, setSearchOpen] = useControllableState({
    prop: searchOpenProp,
    defaultProp: defaultSearchOpen,
    onChange: onSearchOpenChange,
  });
  const core = useRef<TerminalCoreHandle | null>(null);
  const pending = useRef<TerminalChunk[]>([]);
  const onReady = useCallback((handle: TerminalCoreHandle | null) => {
    core.current = handle;
    if (!handle) return;
    for (const chunk of pending.current) handle.write(chunk);
    pending.current = [];
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      write: (chunk) => (core.current ? core.current.write(chunk) : void pending.current.push(chunk)),
      clear: () => core.current?.clear(),
      reset: () => {
        pending.current = [];
        core.current?.reset();
      },
      focus: () => core.current?.focus(),
      openSearch: () => setSearchOpen(true),
      size: () => core.current?.size() ?? null,
    }),
    [setSearchOpen],
  );

  return (
    <div
      data-slot="terminal"
      data-state={readOnly ? 'readonly' : 'interactive'}
      className={cn('flex min-h-48 flex-col overflow-hidden bg-background', className)}
      {...props}
    >
      <Suspense
        fallback={
          <div data-slot="terminal-loading" className="flex flex-1 items-center justify-center">
            <Spinner size="sm" label={messages.terminal.loading} showLabel />
          </div>
        }
      >
        <TerminalCore
          messages={messages}
          onReady={onReady}
          onData={onData}
          onResize={onResize}
          stream={stream}
          readOnly={readOnly}
          size={size}
          fontSize={fontSize}
          autoFocus={autoFocus}
          copyOnSelect={copyOnSelect}
          label={
            label ??
            (readOnly
              ? `${messages.terminal.label} (${messages.terminal.readOnly})`
              : messages.terminal.label)
          }
          searchOpen={searchOpen}
          onSearchOpenChange={setSearchOpen}
        />
      </Suspense>
    </div>
  );
}
