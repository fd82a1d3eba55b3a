import type { SVGProps } from 'react';

/*
 * Two of lucide's drawings (ISC licence: lighthouse, loader-circle) written out as SVG, with lucide's
 * attributes: the login pages and the page spinner draw them without the icon library, which stays out of
 * the first screen's code (issue 18: /login ≤ 105 KB gzip). Everything after the sign-in uses lucide-react.
 */

type MarkProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

function Mark({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  );
}

/** Farol's lighthouse (lucide `lighthouse`), as the sidebar's logo draws it. */
export function LighthouseMark(props: MarkProps) {
  return (
    <Mark {...props}>
      <path d="M12 3V2" />
      <path d="M16.066 16.865 7 22l2-11V6a3 3 0 016 0v5l2 11" />
      <path d="m19.792 4.5.866-.5" />
      <path d="m19.797 13.5.866.5" />
      <path d="M21 9h1" />
      <path d="M3 9H2" />
      <path d="m4.203 13.5-.866.5" />
      <path d="M4.208 4.5 3.342 4" />
      <path d="M5.5 22h13" />
      <path d="m7.932 16.875 7.377-4.178" />
      <path d="M8 11h8" />
      <path d="M8 7h8" />
    </Mark>
  );
}

/** The spinning arc (lucide `loader-circle`); the caller adds `animate-spin`. */
export function LoaderMark(props: MarkProps) {
  return (
    <Mark {...props}>
      <path d="M21 12a9 9 0 1 1-6.219-8.56" />
    </Mark>
  );
}
