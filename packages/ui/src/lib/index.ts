export { cn } from './cn';
export { useControllableState } from './use-controllable-state';
export type { UseControllableStateParams } from './use-controllable-state';
export { useMediaQuery, useIsMobile, MOBILE_BREAKPOINT, MOBILE_MEDIA_QUERY } from './use-media-query';
