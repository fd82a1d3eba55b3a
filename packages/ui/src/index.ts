// Helpers and hooks
export { cn } from './lib/cn';
export { useControllableState } from './lib/use-controllable-state';
export type { UseControllableStateParams } from './lib/use-controllable-state';
export { useMediaQuery, useIsMobile, MOBILE_BREAKPOINT, MOBILE_MEDIA_QUERY } from './lib/use-media-query';

// Texts
export { defaultMessages, mergeMessages, MessagesProvider, useMessages } from './i18n';
export type { Messages, DeepPartial, MessagesProviderProps } from './i18n';

// Themes
export { THEMES, DEFAULT_THEME, applyTheme, isThemeId } from './theme';
export type { ThemeDefinition, ThemeId } from './theme';

// Primitives
export { Button, buttonVariants } from './primitives/button';
export type { ButtonProps } from './primitives/button';
export { IconButton } from './primitives/icon-button';
export type { IconButtonProps } from './primitives/icon-button';
export { Badge, CountBadge, badgeVariants, formatBadgeCount, BADGE_MAX } from './primitives/badge';
export type { BadgeProps, CountBadgeProps } from './primitives/badge';
export { Avatar, avatarVariants, getInitials } from './primitives/avatar';
export type { AvatarProps } from './primitives/avatar';
export { Spinner, spinnerVariants } from './primitives/spinner';
export type { SpinnerProps } from './primitives/spinner';
export { Popover, PopoverTrigger, PopoverAnchor, PopoverClose, PopoverContent } from './primitives/popover';
export { defaultRenderLink } from './lib/render-link';
export type { LinkSlotProps, RenderLink } from './lib/render-link';

// Sidebar
export {
  Sidebar,
  DEFAULT_NAV_ITEMS,
  CLIENT_NAV_ITEM_IDS,
  buildDefaultNavItems,
  isNavItemActive,
  visibleNavItems,
  sidebarLogoHref,
  sidebarItemVariants,
  sidebarRailVariants,
} from './sidebar';
export type { SidebarProps, SidebarUser, NavItem } from './sidebar';

// Header and notification centre
export { Header } from './header';
export type { HeaderProps, HeaderUser } from './header';
export {
  NotificationCenter,
  isUnread,
  formatRelativeTime,
  notificationIcon,
  notificationIconKey,
  NOTIFICATION_TYPE_ICONS,
  unreadLabel,
  notificationIconVariants,
  notificationItemVariants,
} from './notification-center';
export type {
  NotificationCenterProps,
  NotificationItem,
  NotificationSeverity,
  RelativeTimeTexts,
} from './notification-center';

// Dialog, Chatbot, AvatarPicker
export {
  Dialog,
  DialogTrigger,
  DialogContent,
  DialogHeader,
  DialogFooter,
  DialogTitle,
  DialogDescription,
  DialogClose,
  DialogOverlay,
} from './primitives/dialog';
export type { DialogContentProps } from './primitives/dialog';
export { Chatbot, CHATBOT_METRICS, isChatbotHiddenPath, chatbotPositionKey } from './chatbot';
export type { ChatbotProps, ChatbotState, ChatMessage, PositionStorage, DeviceClass } from './chatbot';
export { AvatarPicker, AVATAR_MAX_BYTES } from './avatar-picker';
export type { AvatarPickerProps } from './avatar-picker';
