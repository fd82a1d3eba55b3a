// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useDraggable } from './use-draggable';
import type { Point } from './drag-math';

function Handle({ onDragEnd, onClick }: { onDragEnd: (p: Point) => void; onClick: () => void }) {
  const { position, isDragging, handlers } = useDraggable({ position: { x: 100, y: 200 }, onDragEnd });
  return (
    <button
      type="button"
      data-dragging={isDragging}
      data-x={position.x}
      data-y={position.y}
      onClick={onClick}
      {...handlers}
    >
      handle
    </button>
  );
}

function setup() {
  const onDragEnd = vi.fn();
  const onClick = vi.fn();
  render(<Handle onDragEnd={onDragEnd} onClick={onClick} />);
  return { button: screen.getByRole('button', { name: 'handle' }), onDragEnd, onClick };
}

const pointer = (clientX: number, clientY: number) => ({ pointerId: 1, button: 0, clientX, clientY });

afterEach(cleanup);

describe('useDraggable', () => {
  it('keeps a 4 px wiggle a click', () => {
    const { button, onDragEnd, onClick } = setup();
    fireEvent.pointerDown(button, pointer(10, 10));
    fireEvent.pointerMove(button, pointer(14, 10));
    expect(button.dataset.dragging).toBe('false');
    fireEvent.pointerUp(button, pointer(14, 10));
    fireEvent.click(button);
    expect(onDragEnd).not.toHaveBeenCalled();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button.dataset.x).toBe('100');
  });

  it('follows the pointer past the threshold, reports the drop and swallows the click', () => {
    const { button, onDragEnd, onClick } = setup();
    fireEvent.pointerDown(button, pointer(10, 10));
    fireEvent.pointerMove(button, pointer(20, 10));
    expect(button.dataset.dragging).toBe('true');
    expect(button.dataset.x).toBe('110');
    fireEvent.pointerMove(button, pointer(-50, 60));
    expect([button.dataset.x, button.dataset.y]).toEqual(['40', '250']);
    fireEvent.pointerUp(button, pointer(-50, 60));
    fireEvent.click(button);
    expect(onDragEnd).toHaveBeenCalledWith({ x: 40, y: 250 });
    expect(onClick).not.toHaveBeenCalled();
    expect(button.dataset.dragging).toBe('false');
    expect(button.dataset.x).toBe('100');
    // The next plain click works again.
    fireEvent.pointerDown(button, pointer(0, 0));
    fireEvent.pointerUp(button, pointer(0, 0));
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('ignores other pointers and non-primary buttons', () => {
    const { button, onDragEnd } = setup();
    fireEvent.pointerDown(button, { ...pointer(0, 0), button: 2 });
    fireEvent.pointerMove(button, pointer(50, 50));
    fireEvent.pointerDown(button, pointer(0, 0));
    fireEvent.pointerMove(button, { ...pointer(50, 50), pointerId: 2 });
    expect(button.dataset.dragging).toBe('false');
    fireEvent.pointerUp(button, pointer(0, 0));
    expect(onDragEnd).not.toHaveBeenCalled();
  });
});
