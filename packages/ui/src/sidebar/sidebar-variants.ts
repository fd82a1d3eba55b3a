import { cva } from 'class-variance-authority';

/** A row of the sidebar (nav entry or the sign-out button); its icon stays on the 88 px rail's centre line. */
export const sidebarItemVariants = cva(
  [
    'relative flex h-11 w-full items-center gap-3 rounded-lg px-[22px] text-sm whitespace-nowrap transition-colors',
    'outline-none focus-visible:ring-2 focus-visible:ring-ring',
    "[&_svg:not([class*='size-'])]:size-5 [&_svg]:shrink-0",
  ],
  {
    variants: {
      active: {
        true: [
          'bg-sidebar-accent font-medium text-sidebar-accent-foreground',
          'before:absolute before:inset-y-2 before:left-0 before:w-1 before:rounded-full before:bg-primary',
          '[&_svg]:text-primary',
        ],
        false: 'text-sidebar-foreground hover:bg-sidebar-accent hover:text-sidebar-accent-foreground',
      },
    },
    defaultVariants: { active: false },
  },
);

export const sidebarRailVariants = cva(
  [
    'absolute inset-y-0 left-0 z-40 overflow-hidden transition-[width,box-shadow] duration-200 ease-out',
    'motion-reduce:transition-none',
  ],
  {
    variants: {
      expanded: {
        true: 'w-[280px] shadow-2xl shadow-black/50',
        false: 'w-[88px]',
      },
    },
    defaultVariants: { expanded: false },
  },
);
