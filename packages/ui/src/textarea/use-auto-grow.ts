import { useCallback, useLayoutEffect, useRef } from 'react';

/** The height a textarea needs for its content, at least `minHeight` and at most `maxHeight` (if given). */
export function autoGrowHeight(contentHeight: number, minHeight: number, maxHeight?: number): number {
  const wanted = Math.max(contentHeight, minHeight);
  return maxHeight === undefined ? wanted : Math.min(wanted, maxHeight);
}

const px = (value: string) => Number.parseFloat(value) || 0;

/**
 * Grows a textarea with its content up to `maxRows` lines, then lets it scroll. Measures on every input and
 * whenever `value` changes from outside (a reset, a loaded draft). Returns a ref for the textarea and `resize`.
 */
export function useAutoGrow({
  enabled,
  maxRows,
  value,
}: {
  enabled: boolean;
  maxRows?: number | undefined;
  value?: unknown;
}) {
  const nodeRef = useRef<HTMLTextAreaElement | null>(null);

  const resize = useCallback(() => {
    const node = nodeRef.current;
    if (!enabled || !node) return;
    const style = getComputedStyle(node);
    const border = px(style.borderTopWidth) + px(style.borderBottomWidth);
    const padding = px(style.paddingTop) + px(style.paddingBottom);
    const lineHeight = px(style.lineHeight) || 20;
    const maxHeight = maxRows === undefined ? undefined : maxRows * lineHeight + padding + border;
    // Shrink first so that deleting lines makes it smaller again; scrollHeight excludes the border.
    node.style.height = 'auto';
    const contentHeight = node.scrollHeight + border;
    const height = autoGrowHeight(contentHeight, px(style.minHeight), maxHeight);
    node.style.height = `${height}px`;
    node.style.overflowY = contentHeight > height ? 'auto' : 'hidden';
  }, [enabled, maxRows]);

  useLayoutEffect(() => {
    resize();
  }, [resize, value]);

  const ref = useCallback((node: HTMLTextAreaElement | null) => {
    nodeRef.current = node;
  }, []);

  return { ref, resize };
}
