import { describe, expect, it } from 'vitest';
import { CHATBOT_METRICS, contentArea, placeChatWindow } from './chatbot-layout';

describe('placeChatWindow', () => {
  const desktop = { width: 1280, height: 800 };

  it('opens above and right-aligned from the default bottom-right button, 384 x 560', () => {
    expect(placeChatWindow({ x: 1200, y: 720 }, desktop, CHATBOT_METRICS.desktop, false)).toEqual({
      left: 1200 + 56 - 384,
      top: 720 - 12 - 560,
      width: 384,
      height: 560,
    });
  });

  it('opens below and left-aligned from a top-left button', () => {
    expect(placeChatWindow({ x: 24, y: 24 }, desktop, CHATBOT_METRICS.desktop, false)).toMatchObject({
      left: 24,
      top: 24 + 56 + 12,
    });
  });

  it('is only the header tall while minimised', () => {
    expect(placeChatWindow({ x: 1200, y: 720 }, desktop, CHATBOT_METRICS.desktop, true)).toMatchObject({
      height: 60,
      top: 720 - 12 - 60,
    });
  });

  it('fits a 375 px phone with 16 px margins', () => {
    const box = placeChatWindow(
      { x: 311, y: 676 },
      { width: 375, height: 740 },
      CHATBOT_METRICS.mobile,
      false,
    );
    expect(box).toEqual({ left: 16, top: 676 - 12 - 500, width: 343, height: 500 });
  });

  it('shrinks to the room left on a short screen, never below the header', () => {
    const box = placeChatWindow(
      { x: 1200, y: 376 },
      { width: 1280, height: 480 },
      CHATBOT_METRICS.desktop,
      false,
    );
    expect(box.height).toBe(480 - 48 - 56 - 12);
    expect(box.top).toBeGreaterThanOrEqual(24);
    const tiny = placeChatWindow(
      { x: 24, y: 24 },
      { width: 300, height: 120 },
      CHATBOT_METRICS.desktop,
      false,
    );
    expect(tiny.height).toBe(60);
  });
});

describe('placeChatWindow never covers its button', () => {
  const desktop = { width: 1280, height: 800 };

  it('opens beside a button halfway down the left edge, towards the middle', () => {
    const box = placeChatWindow({ x: 24, y: 300 }, desktop, CHATBOT_METRICS.desktop, false);
    expect(box).toEqual({ left: 24 + 56 + 12, top: 24, width: 384, height: 560 });
  });

  it('keeps opening above a button in the bottom corner', () => {
    expect(placeChatWindow({ x: 24, y: 720 }, desktop, CHATBOT_METRICS.desktop, false).top).toBe(
      720 - 12 - 560,
    );
  });
});

describe('contentArea', () => {
  it('is the screen less the insets, with the offset back to screen coordinates', () => {
    expect(contentArea({ width: 1280, height: 800 }, { left: 88, top: 64 })).toEqual({
      area: { width: 1192, height: 736 },
      offset: { x: 88, y: 64 },
    });
    expect(contentArea({ width: 390, height: 844 })).toEqual({
      area: { width: 390, height: 844 },
      offset: { x: 0, y: 0 },
    });
  });
});
