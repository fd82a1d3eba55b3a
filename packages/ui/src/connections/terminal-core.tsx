// The terminal itself: xterm.js 6 with the fit, search and web-links add-ons. Loaded lazily by terminal.tsx,
// so xterm (~90 KB gzip) and its stylesheet weigh only on the pages that open a terminal.
import { FitAddon } from '@xterm/addon-fit';
import { SearchAddon } from '@xterm/addon-search';
import { WebLinksAddon } from '@xterm/addon-web-links';
import { Terminal as XTerm, type ITheme } from '@xterm/xterm';
import { ChevronDownIcon, ChevronUpIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { buttonVariants } from '../primitives/button/button-variants';
import { cn } from '../lib/cn';
import type { ConnectionsMessages } from './messages';
import type { TerminalChunk, TerminalSize, TerminalStream } from './types';
import { injectXtermCss } from './xterm-css';

/** What the lazy core hands its wrapper once xterm is open. */
export interface TerminalCoreHandle {
  write(chunk: TerminalChunk): void;
  clear(): void;
  reset(): void;
  focus(): void;
  size(): TerminalSize;
}

export interface TerminalCoreProps {
  messages: ConnectionsMessages;
  onReady: (handle: TerminalCoreHandle | null) => void;
  onData?: ((data: string) => void) | undefined;
  onResize?: ((size: TerminalSize) => void) | undefined;
  stream?: TerminalStream | undefined;
  readOnly: boolean;
  size?: TerminalSize | undefined;
  fontSize: number;
  autoFocus: boolean;
  copyOnSelect: boolean;
  label: string;
  searchOpen: boolean;
  onSearchOpenChange: (open: boolean) => void;
}

const FALLBACK = {
  background: '#0f172a',
  foreground: '#f1f5f9',
  primary: '#60a5fa',
  destructive: '#f87171',
  success: '#4ade80',
  warning: '#fbbf24',
  info: '#38bdf8',
  muted: '#94a3b8',
};
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", "Courier New", monospace';

/** The kit's tokens as xterm colours, read where the terminal sits (a theme can be scoped to any element). */
function themeFrom(element: Element): { theme: ITheme; match: string; active: string } {
  const style = getComputedStyle(element);
  const token = (name: keyof typeof FALLBACK) => {
    const value = style.getPropertyValue(`--${name === 'muted' ? 'muted-foreground' : name}`).trim();
    return /^#[0-9a-f]{6}$/i.test(value) ? value : FALLBACK[name];
  };
  const primary = token('primary');
  return {
    theme: {
      background: token('background'),
      foreground: token('foreground'),
      cursor: primary,
      cursorAccent: token('background'),
      selectionBackground: `${primary}66`,
      red: token('destructive'),
      green: token('success'),
      yellow: token('warning'),
      blue: token('info'),
      brightBlack: token('muted'),
    },
    match: token('warning'),
    active: primary,
  };
}

export default function TerminalCore({
  messages,
  onReady,
  onData,
  onResize,
  stream,
  readOnly,
  size,
  fontSize,
  autoFocus,
  copyOnSelect,
  label,
  searchOpen,
  onSearchOpenChange,
}: TerminalCoreProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [term, setTerm] = useState<XTerm | null>(null);
  const searchRef = useRef<SearchAddon | null>(null);
  const fitRef = useRef<FitAddon | null>(null);
  // Callbacks read through refs: xterm's listeners are attached once.
  const latest = useRef({ onData, onResize, onSearchOpenChange, readOnly, copyOnSelect, onReady });
  useLayoutEffect(() => {
    latest.current = { onData, onResize, onSearchOpenChange, readOnly, copyOnSelect, onReady };
  });

  useEffect(() => {
    const host = hostRef.current!;
    injectXtermCss(host.ownerDocument);
    const colours = themeFrom(host);
    const xterm = new XTerm({
      allowProposedApi: true,
      cursorBlink: true,
      fontFamily: getComputedStyle(host).getPropertyValue('--font-mono').trim() || MONO,
      fontSize,
      scrollback: 5000,
      theme: colours.theme,
      ...(size ? { cols: size.cols, rows: size.rows } : {}),
    });
    const fit = new FitAddon();
    const search = new SearchAddon();
    xterm.loadAddon(fit);
    xterm.loadAddon(search);
    xterm.loadAddon(new WebLinksAddon());
    xterm.open(host);
    xterm.textarea?.setAttribute('aria-label', label);
    fitRef.current = fit;
    searchRef.current = search;

    xterm.attachCustomKeyEventHandler((event) => {
      if (event.type !== 'keydown') return true;
      const ctrl = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (ctrl && key === 'f') {
        event.preventDefault();
        latest.current.onSearchOpenChange(true);
        return false;
      }
      // Ctrl+Shift+C copies; Ctrl+V and Ctrl+Shift+V fall through to the browser's paste, which xterm reads.
      if (ctrl && event.shiftKey && key === 'c') {
        const text = xterm.getSelection();
        if (text) void navigator.clipboard?.writeText(text).catch(() => {});
        event.preventDefault();
        return false;
      }
      if (ctrl && key === 'v') return false;
      return !latest.current.readOnly;
    });
    const data = xterm.onData((value) => {
      if (!latest.current.readOnly) latest.current.onData?.(value);
    });
    const resize = xterm.onResize(({ cols, rows }) => latest.current.onResize?.({ cols, rows }));
    let copyTimer: ReturnType<typeof setTimeout> | undefined;
    const selection = xterm.onSelectionChange(() => {
      clearTimeout(copyTimer);
      if (!latest.current.copyOnSelect) return;
      // Copied once the selection settles, not at every step of a drag.
      copyTimer = setTimeout(() => {
        const text = xterm.getSelection();
        if (text) void navigator.clipboard?.writeText(text).catch(() => {});
      }, 200);
    });

    // A theme switch (data-theme / class on <html>) recolours the terminal.
    const themeObserver = new MutationObserver(() => {
      xterm.options.theme = themeFrom(host).theme;
    });
    themeObserver.observe(host.ownerDocument.documentElement, {
      attributes: true,
      attributeFilter: ['class', 'data-theme'],
    });

    setTerm(xterm);
    latest.current.onReady({
      write: (chunk) => xterm.write(chunk),
      clear: () => xterm.clear(),
      reset: () => xterm.reset(),
      focus: () => xterm.focus(),
      size: () => ({ cols: xterm.cols, rows: xterm.rows }),
    });
    if (!size) latest.current.onResize?.({ cols: xterm.cols, rows: xterm.rows });
    return () => {
      clearTimeout(copyTimer);
      themeObserver.disconnect();
      data.dispose();
      resize.dispose();
      selection.dispose();
      latest.current.onReady(null);
      xterm.dispose();
      setTerm(null);
    };
    // xterm is created once; the options below are applied to it as they change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!term) return;
    term.options.fontSize = fontSize;
    term.options.disableStdin = readOnly;
    term.options.cursorBlink = !readOnly;
    term.textarea?.setAttribute('aria-label', label);
    if (readOnly) term.textarea?.setAttribute('aria-readonly', 'true');
    else term.textarea?.removeAttribute('aria-readonly');
  }, [term, fontSize, readOnly, label]);

  // Follows the container: every size change refits the grid (once a frame), which reports through onResize.
  useEffect(() => {
    const host = hostRef.current;
    if (!term || !host) return;
    if (size) {
      term.resize(size.cols, size.rows);
      return;
    }
    let frame = 0;
    const refit = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (host.clientWidth > 0 && host.clientHeight > 0) fitRef.current?.fit();
      });
    };
    refit();
    const observer = new ResizeObserver(refit);
    observer.observe(host);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [term, size]);

  // Subscribed again only when `subscribe` itself changes: a `{ subscribe }` object made at each render is fine.
  const streamRef = useRef(stream);
  useLayoutEffect(() => {
    streamRef.current = stream;
  });
  const subscribe = stream?.subscribe;
  useEffect(() => {
    const source = streamRef.current;
    if (!term || !source || !subscribe) return;
    return source.subscribe((chunk) => term.write(chunk));
  }, [term, subscribe]);

  useEffect(() => {
    if (term && autoFocus) term.focus();
  }, [term, autoFocus]);

  return (
    <div data-slot="terminal-core" className="relative flex min-h-0 flex-1 flex-col">
      {searchOpen && term && (
        <TerminalSearch
          messages={messages}
          search={searchRef.current!}
          colours={themeFrom(hostRef.current!)}
          onClose={() => {
            searchRef.current?.clearDecorations();
            onSearchOpenChange(false);
            term.focus();
          }}
        />
      )}
      <div
        ref={hostRef}
        data-slot="terminal-screen"
        className="min-h-0 flex-1 overflow-hidden bg-background p-2"
        onClick={() => term?.focus()}
      />
    </div>
  );
}

function TerminalSearch({
  messages,
  search,
  colours,
  onClose,
}: {
  messages: ConnectionsMessages;
  search: SearchAddon;
  colours: { match: string; active: string };
  onClose: () => void;
}) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<{ index: number; count: number } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const t = messages.terminal;
  const options = {
    decorations: {
      matchBackground: colours.match,
      matchOverviewRuler: colours.match,
      activeMatchBackground: colours.active,
      activeMatchColorOverviewRuler: colours.active,
    },
  };

  useEffect(() => {
    inputRef.current?.focus();
    const subscription = search.onDidChangeResults(({ resultIndex, resultCount }) =>
      setResults({ index: resultIndex + 1, count: resultCount }),
    );
    return () => subscription.dispose();
  }, [search]);

  const find = (direction: 'next' | 'previous', value = query, incremental = false) => {
    if (!value) {
      search.clearDecorations();
      setResults(null);
      return;
    }
    if (direction === 'next') search.findNext(value, { ...options, incremental });
    else search.findPrevious(value, options);
  };

  const iconButton = cn(buttonVariants({ variant: 'ghost', size: 'icon-sm' }), 'size-7');
  return (
    <div
      data-slot="terminal-search"
      role="search"
      aria-label={t.search}
      className="absolute top-2 right-4 z-10 flex items-center gap-1 rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg"
    >
      <input
        ref={inputRef}
        type="search"
        value={query}
        aria-label={t.search}
        aria-describedby={statusId}
        placeholder={t.searchPlaceholder}
        className="h-7 w-40 rounded-sm border border-input bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring sm:w-56"
        onChange={(event) => {
          setQuery(event.target.value);
          find('next', event.target.value, true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            find(event.shiftKey ? 'previous' : 'next');
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
          }
        }}
      />
      <span
        id={statusId}
        aria-live="polite"
        className="min-w-16 px-1 text-center text-xs text-muted-foreground tabular-nums"
      >
        {query && results ? t.searchResults(results.index, results.count) : ''}
      </span>
      <button
        type="button"
        className={iconButton}
        aria-label={t.searchPrevious}
        onClick={() => find('previous')}
      >
        <ChevronUpIcon aria-hidden="true" />
      </button>
      <button type="button" className={iconButton} aria-label={t.searchNext} onClick={() => find('next')}>
        <ChevronDownIcon aria-hidden="true" />
      </button>
      <button type="button" className={iconButton} aria-label={t.searchClose} onClick={onClose}>
        <XIcon aria-hidden="true" />
      </button>
    </div>
  );
}
