import { AnimatePresence, LazyMotion, MotionConfig, domAnimation, m } from 'motion/react';
import {
  MessageCircleIcon,
  Minimize2Icon,
  Maximize2Icon,
  SendHorizontalIcon,
  XIcon,
  BotIcon,
} from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type * as React from 'react';
import { useMessages } from '../i18n/messages-provider';
import { cn } from '../lib/cn';
import { useControllableState } from '../lib/use-controllable-state';
import { useIsMobile } from '../lib/use-media-query';
import { Button } from '../primitives/button/button';
import { IconButton } from '../primitives/icon-button/icon-button';
import { CHATBOT_METRICS, contentArea, placeChatWindow, type ChatbotInsets } from './chatbot-layout';
import { defaultButtonPosition, snapToNearestEdge, type Point } from './drag-math';
import {
  localPositionStorage,
  readStoredPosition,
  writeStoredPosition,
  type DeviceClass,
  type PositionStorage,
} from './position-storage';
import { useDraggable } from './use-draggable';
import { useFocusTrap } from './use-focus-trap';
import { useViewport } from './use-viewport';

export type ChatbotState = 'closed' | 'minimized' | 'maximized';

/** One chat bubble (spec §3): kept by the host, never sent to a server. */
export interface ChatMessage {
  id: string;
  text: string;
  sender: 'user' | 'bot';
  timestamp: Date | string | number;
}

export type ChatbotProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** Hidden: nothing is drawn and an open chat closes (the app decides where, e.g. on sign-in pages). */
  hidden?: boolean;
  /**
   * Room the assistant leaves free at each screen edge (the app's sidebar, its header): the button snaps to
   * the edges of the area inside, and the window opens there.
   */
  insets?: ChatbotInsets;
  state?: ChatbotState;
  defaultState?: ChatbotState;
  onStateChange?: (state: ChatbotState) => void;
  messages?: ChatMessage[];
  /** The bot is composing: shows the typing indicator and disables the input. */
  isReplying?: boolean;
  /** Called with the trimmed text; blank text never reaches it. */
  onSend?: (text: string) => void;
  /** Where the button position is kept, per device class. Defaults to localStorage. */
  positionStorage?: PositionStorage;
};

const timeFormat = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });

function formatTime(timestamp: ChatMessage['timestamp']): { label: string; iso: string } | null {
  const date = timestamp instanceof Date ? timestamp : new Date(timestamp);
  if (Number.isNaN(date.getTime())) return null;
  return { label: timeFormat.format(date), iso: date.toISOString() };
}

function Bubble({ sender, text, timestamp }: Omit<ChatMessage, 'id' | 'timestamp'> & Partial<ChatMessage>) {
  const t = useMessages().chatbot;
  const time = timestamp === undefined ? null : formatTime(timestamp);
  const mine = sender === 'user';
  return (
    <li
      data-slot="chatbot-bubble"
      data-sender={sender}
      className={cn('flex', mine ? 'justify-end' : 'justify-start')}
    >
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-sm',
          mine
            ? 'rounded-br-sm bg-primary text-primary-foreground'
            : 'rounded-bl-sm bg-secondary text-secondary-foreground',
        )}
      >
        <span className="sr-only">{mine ? t.you : t.bot}: </span>
        <p className="break-words whitespace-pre-wrap">{text}</p>
        {time && (
          <time
            dateTime={time.iso}
            className={cn(
              'mt-1 block text-right text-xs',
              mine ? 'text-primary-foreground/80' : 'text-secondary-foreground/80',
            )}
          >
            {time.label}
          </time>
        )}
      </div>
    </li>
  );
}

function TypingIndicator({ label }: { label: string }) {
  return (
    <li className="flex justify-start">
      <div
        role="status"
        aria-label={label}
        data-slot="chatbot-typing"
        className="flex items-center gap-1 rounded-2xl rounded-bl-sm bg-secondary px-3 py-3"
      >
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            aria-hidden="true"
            style={{ animationDelay: `${delay}ms` }}
            className="size-2 rounded-full bg-secondary-foreground/70 motion-safe:animate-bounce"
          />
        ))}
      </div>
    </li>
  );
}

/**
 * The floating assistant: a draggable round button that snaps to the nearest screen edge and opens a chat
 * window (a modal dialog, minimised or maximised). Presentational: the conversation comes in through props.
 */
export function Chatbot({
  hidden = false,
  insets,
  state: stateProp,
  defaultState = 'closed',
  onStateChange,
  messages = [],
  isReplying = false,
  onSend,
  positionStorage = localPositionStorage,
  className,
  ...props
}: ChatbotProps) {
  const t = useMessages().chatbot;
  const [state, setState] = useControllableState<ChatbotState>({
    prop: stateProp,
    defaultProp: defaultState,
    onChange: onStateChange,
  });
  const open = !hidden && state !== 'closed';

  // Spec §2: leaving for a sign-in or checkout path closes the conversation, not just hides it.
  useEffect(() => {
    if (hidden && state !== 'closed') setState('closed');
  }, [hidden, state, setState]);

  const deviceClass: DeviceClass = useIsMobile() ? 'mobile' : 'desktop';
  const metrics = CHATBOT_METRICS[deviceClass];
  const screen = useViewport();
  // All placement happens in the content area's own coordinates, then moves back by its offset.
  const { area: viewport, offset } = contentArea(screen, insets);

  const [saved, setSaved] = useState<Record<DeviceClass, Point | null>>(() => ({
    desktop: readStoredPosition(positionStorage, 'desktop'),
    mobile: readStoredPosition(positionStorage, 'mobile'),
  }));
  const savedHere = saved[deviceClass];
  // Re-snapped on every render so a stored position from a larger screen still lands inside this one.
  const resting = savedHere
    ? snapToNearestEdge(savedHere, viewport, metrics.button, metrics.margin)
    : defaultButtonPosition(viewport, metrics.button, metrics.margin);
  const onScreen = (point: Point): Point => ({ x: point.x + offset.x, y: point.y + offset.y });

  const onDragEnd = useCallback(
    (droppedOnScreen: Point) => {
      const dropped = { x: droppedOnScreen.x - offset.x, y: droppedOnScreen.y - offset.y };
      const snapped = snapToNearestEdge(dropped, viewport, metrics.button, metrics.margin);
      writeStoredPosition(positionStorage, deviceClass, snapped);
      setSaved((prev) => ({ ...prev, [deviceClass]: snapped }));
    },
    [viewport, offset.x, offset.y, metrics, positionStorage, deviceClass],
  );
  const drag = useDraggable({ position: onScreen(resting), onDragEnd });
  const buttonPosition = drag.position;

  const buttonRef = useRef<HTMLButtonElement>(null);
  const windowRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  // Maximised, the window is modal and traps Tab; minimised it is a panel beside the page, which stays
  // reachable. Minimising leaves focus where it is; closing gives it back to the button.
  useFocusTrap(windowRef, state === 'maximized' && !hidden, {
    initialFocus: inputRef,
    returnFocus: buttonRef,
    restoreFocus: state === 'closed' || hidden,
  });

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        setState('closed');
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, setState]);

  // New messages (and the typing indicator) scroll into view.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, isReplying, state]);

  // Disabling the focused textarea drops focus on <body>; give it back once the bot has answered.
  useEffect(() => {
    if (isReplying || !open) return;
    const active = document.activeElement;
    if (active === null || active === document.body) inputRef.current?.focus();
  }, [isReplying, open]);

  const [draft, setDraft] = useState('');
  const canSend = draft.trim().length > 0 && !isReplying;
  const send = () => {
    const text = draft.trim();
    if (!text || isReplying) return;
    onSend?.(text);
    setDraft('');
  };

  const titleId = useId();
  const windowId = useId();
  const minimized = state === 'minimized';
  const placed = placeChatWindow(
    { x: buttonPosition.x - offset.x, y: buttonPosition.y - offset.y },
    viewport,
    metrics,
    minimized,
  );
  const box = { ...placed, left: placed.left + offset.x, top: placed.top + offset.y };

  if (hidden) return null;

  return (
    <LazyMotion features={domAnimation} strict>
      <MotionConfig reducedMotion="user">
        <div
          data-slot="chatbot"
          data-state={state}
          data-device={deviceClass}
          className={className}
          {...props}
        >
          <button
            ref={buttonRef}
            type="button"
            data-slot="chatbot-button"
            data-dragging={drag.isDragging || undefined}
            aria-label={open ? t.close : t.open}
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={open ? windowId : undefined}
            onClick={() => setState(open ? 'closed' : 'maximized')}
            {...drag.handlers}
            style={{
              left: buttonPosition.x,
              top: buttonPosition.y,
              width: metrics.button,
              height: metrics.button,
            }}
            className={cn(
              'fixed z-50 inline-flex cursor-grab touch-none items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg outline-none select-none',
              'hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
              drag.isDragging
                ? 'cursor-grabbing'
                : 'motion-safe:transition-[left,top] motion-safe:duration-200',
            )}
          >
            {open ? (
              <XIcon aria-hidden="true" className="size-6" />
            ) : (
              <MessageCircleIcon aria-hidden="true" className="size-6" />
            )}
          </button>

          <AnimatePresence>
            {open && (
              <m.section
                ref={windowRef}
                key="chatbot-window"
                id={windowId}
                role="dialog"
                aria-modal={state === 'maximized'}
                aria-labelledby={titleId}
                data-slot="chatbot-window"
                data-state={state}
                initial={{ opacity: 0, y: 16, scale: 0.97 }}
                animate={{ opacity: 1, y: 0, scale: 1 }}
                exit={{ opacity: 0, y: 16, scale: 0.97 }}
                transition={{ duration: 0.18, ease: 'easeOut' }}
                style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
                className="fixed z-50 flex flex-col overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-2xl outline-none"
              >
                <header
                  style={{ height: metrics.header }}
                  className="flex shrink-0 items-center gap-2 border-b border-border px-3"
                >
                  <span
                    aria-hidden="true"
                    className="inline-flex size-8 items-center justify-center rounded-full bg-primary text-primary-foreground"
                  >
                    <BotIcon className="size-4" />
                  </span>
                  <h2 id={titleId} className="flex-1 truncate text-sm font-semibold">
                    {t.title}
                  </h2>
                  <IconButton
                    size="sm"
                    label={minimized ? t.maximize : t.minimize}
                    onClick={() => setState(minimized ? 'maximized' : 'minimized')}
                  >
                    {minimized ? <Maximize2Icon aria-hidden="true" /> : <Minimize2Icon aria-hidden="true" />}
                  </IconButton>
                  <IconButton size="sm" label={t.closeWindow} onClick={() => setState('closed')}>
                    <XIcon aria-hidden="true" />
                  </IconButton>
                </header>

                {!minimized && (
                  <div className="flex min-h-0 flex-1 flex-col">
                    <div
                      ref={logRef}
                      role="log"
                      aria-label={t.conversation}
                      // Focusable so keyboard users can scroll a long conversation.
                      tabIndex={0}
                      className="min-h-0 flex-1 overflow-y-auto p-4 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset motion-safe:scroll-smooth"
                    >
                      <ol className="flex flex-col gap-3">
                        {messages.length === 0 && <Bubble sender="bot" text={t.greeting} />}
                        {messages.map((message) => (
                          <Bubble key={message.id} {...message} />
                        ))}
                        {isReplying && <TypingIndicator label={t.typing} />}
                      </ol>
                    </div>
                    <form
                      className="flex shrink-0 items-end gap-2 border-t border-border p-3"
                      onSubmit={(event) => {
                        event.preventDefault();
                        send();
                      }}
                    >
                      <textarea
                        ref={inputRef}
                        rows={2}
                        value={draft}
                        disabled={isReplying}
                        aria-label={t.inputLabel}
                        placeholder={t.inputPlaceholder}
                        onChange={(event) => setDraft(event.target.value)}
                        onKeyDown={(event) => {
                          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                            event.preventDefault();
                            send();
                          }
                        }}
                        className="max-h-32 min-h-10 flex-1 resize-none rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60"
                      />
                      <Button type="submit" size="icon" aria-label={t.send} disabled={!canSend}>
                        <SendHorizontalIcon aria-hidden="true" />
                      </Button>
                    </form>
                  </div>
                )}
              </m.section>
            )}
          </AnimatePresence>
        </div>
      </MotionConfig>
    </LazyMotion>
  );
}
