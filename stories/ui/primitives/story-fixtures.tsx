import type { RenderLink } from '@farol/ui';

// An inline profile picture, so stories need no network.
export const SAMPLE_AVATAR_URL =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0e7490"/>' +
      '<circle cx="32" cy="25" r="12" fill="#a5f3fc"/><rect x="12" y="42" width="40" height="22" rx="11" fill="#a5f3fc"/></svg>',
  );

/** A link slot that keeps the story on its page: a real <a href>, but a click does not navigate the iframe. */
export const storyRenderLink: RenderLink = ({ href, onClick, children, ...props }) => (
  <a
    href={href}
    {...props}
    onClick={(event) => {
      event.preventDefault();
      onClick?.(event);
    }}
  >
    {children}
  </a>
);

/** Waits until an element's rendered width settles on `px` (CSS transitions run in between). */
export function widthOf(element: Element): number {
  return Math.round(element.getBoundingClientRect().width);
}
