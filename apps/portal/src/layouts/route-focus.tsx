import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a lazily loaded page may take to show its heading before focus settles on <main>. */
const HEADING_WAIT_MS = 3_000;

/**
 * After every route change (not the first load), focus moves to the page's own main heading — or to <main>
 * when it has none — and the new page's title is announced, as a screen-reader user would expect from a
 * full page load. A page still loading its code gets its heading focused once it appears.
 */
export function RouteFocus({ mainId, title }: { mainId: string; title: string }) {
  const { pathname } = useLocation();
  const first = useRef(true);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById(mainId);
    if (!main) return;
    const started = performance.now();
    let frame = 0;
    const settle = () => {
      const heading = main.querySelector<HTMLElement>('h1, h2');
      if (heading || performance.now() - started > HEADING_WAIT_MS) {
        const target = heading ?? main;
        // A page that put focus in itself (a composer, a search box) keeps it.
        if (!main.contains(document.activeElement) || document.activeElement === main) {
          if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
          target.focus();
        }
        setAnnouncement(`Página: ${heading?.textContent?.trim() || title}`);
        return;
      }
      frame = requestAnimationFrame(settle);
    };
    frame = requestAnimationFrame(settle);
    return () => cancelAnimationFrame(frame);
    // The title follows the path; only a new path moves focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, mainId]);

  return (
    <p aria-live="polite" className="sr-only" data-slot="route-announcer">
      {announcement}
    </p>
  );
}
