import type * as React from 'react';

/** What the kit hands to a link slot; a router's Link accepts all of these. */
export interface LinkSlotProps {
  href: string;
  className?: string;
  children: React.ReactNode;
  onClick?: React.MouseEventHandler<HTMLAnchorElement>;
  'aria-current'?: 'page';
  title?: string;
}

/** Renders a link; pass one that returns your router's Link so navigation stays client-side. */
export type RenderLink = (props: LinkSlotProps) => React.ReactNode;

/** The slot's default: a plain <a>. */
export const defaultRenderLink: RenderLink = ({ href, children, ...props }) => (
  <a href={href} {...props}>
    {children}
  </a>
);
