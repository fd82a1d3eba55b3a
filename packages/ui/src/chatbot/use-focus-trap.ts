import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

/** Focusable descendants in tab order, skipping hidden ones. */
export function focusableWithin(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true' && !el.closest('[hidden]'),
  );
}

export interface UseFocusTrapOptions {
  /** Element to focus when the trap activates; defaults to the first focusable element, then the container. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Element that gets focus back on deactivation; defaults to whatever had focus when the trap activated. */
  returnFocus?: RefObject<HTMLElement | null>;
  /** Whether deactivating gives focus back (read when it deactivates; default true). */
  restoreFocus?: boolean;
}

/**
 * While `active`, Tab and Shift+Tab cycle inside `container`, and focus that escapes (a click outside, a
 * disabled field losing focus) is pulled back on the next Tab. When it deactivates, focus returns to the opener.
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  active: boolean,
  { initialFocus, returnFocus, restoreFocus = true }: UseFocusTrapOptions = {},
): void {
  // Kept in refs so the trap does not restart (and steal focus) when the caller passes new option objects.
  const initialRef = useRef(initialFocus);
  const returnRef = useRef(returnFocus);
  const restoreRef = useRef(restoreFocus);
  initialRef.current = initialFocus;
  returnRef.current = returnFocus;
  restoreRef.current = restoreFocus;

  useEffect(() => {
    if (!active) return;
    const node = container.current;
    if (!node) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;

    const preferred = initialRef.current?.current;
    const first =
      preferred && !preferred.matches(':disabled') ? preferred : (focusableWithin(node)[0] ?? node);
    if (first === node && !node.hasAttribute('tabindex')) node.setAttribute('tabindex', '-1');
    first.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.defaultPrevented) return;
      const items = focusableWithin(node);
      if (items.length === 0) {
        event.preventDefault();
        node.focus();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const current = document.activeElement;
      const inside = current instanceof Node && node.contains(current);
      if (event.shiftKey && (!inside || current === firstItem || current === node)) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (!inside || current === lastItem)) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);

    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      if (!restoreRef.current) return;
      const target = returnRef.current?.current ?? opener;
      // Deferred: the opener may be re-rendered in the same commit that closes the trap.
      queueMicrotask(() => {
        if (target && target.isConnected) target.focus();
      });
    };
  }, [active, container]);
}
