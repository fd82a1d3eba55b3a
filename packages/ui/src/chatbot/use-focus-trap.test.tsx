// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { useRef, useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useFocusTrap } from './use-focus-trap';

function Trap() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, open);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        opener
      </button>
      <button type="button">outside</button>
      {open && (
        <div ref={ref}>
          <button type="button">first</button>
          <button type="button" disabled>
            disabled
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            last
          </button>
        </div>
      )}
    </>
  );
}

const tab = (shiftKey = false) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });
const button = (name: string) => screen.getByRole('button', { name });

afterEach(cleanup);

describe('useFocusTrap', () => {
  it('focuses the first element, cycles Tab and Shift+Tab, and returns focus to the opener', async () => {
    render(<Trap />);
    button('opener').focus();
    fireEvent.click(button('opener'));
    expect(document.activeElement).toBe(button('first'));

    button('last').focus();
    tab();
    expect(document.activeElement).toBe(button('first'));
    tab(true);
    expect(document.activeElement).toBe(button('last'));

    // Focus that escaped is pulled back in on the next Tab.
    button('outside').focus();
    tab();
    expect(document.activeElement).toBe(button('first'));

    fireEvent.click(button('last'));
    await act(async () => {
      await Promise.resolve();
    });
    expect(document.activeElement).toBe(button('opener'));
  });

  it('leaves Tab alone while inactive', () => {
    render(<Trap />);
    button('outside').focus();
    const event = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    document.activeElement?.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});
