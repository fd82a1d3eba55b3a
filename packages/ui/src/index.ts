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
export { Sidebar, sidebarItemVariants, sidebarRailVariants } from './sidebar';
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
export { Chatbot, CHATBOT_METRICS, chatbotPositionKey } from './chatbot';
export type {
  ChatbotInsets,
  ChatbotProps,
  ChatbotState,
  ChatMessage,
  PositionStorage,
  DeviceClass,
} from './chatbot';
export { AvatarPicker, AVATAR_MAX_BYTES } from './avatar-picker';
export type { AvatarPickerProps } from './avatar-picker';

// Building blocks for module screens: forms, tables, pages, feedback (issue 10)
export {
  Field,
  FieldLabel,
  FieldHint,
  FieldError,
  useField,
  useFieldControlProps,
  fieldVariants,
} from './field';
export type {
  FieldProps,
  FieldLabelProps,
  FieldHintProps,
  FieldErrorProps,
  FieldContextValue,
  FieldControlProps,
} from './field';
export { Input, inputVariants } from './input';
export type { InputProps } from './input';
export { Textarea, textareaVariants, autoGrowHeight, useAutoGrow } from './textarea';
export type { TextareaProps } from './textarea';
export {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
  selectTriggerVariants,
} from './select';
export type { SelectTriggerProps } from './select';
export { Combobox, comboboxVariants, normalizeSearchText, optionMatches } from './combobox';
export type {
  ComboboxProps,
  ComboboxSingleProps,
  ComboboxMultipleProps,
  ComboboxOption,
  ComboboxFilter,
} from './combobox';
export { Checkbox, checkboxVariants } from './checkbox';
export type { CheckboxProps } from './checkbox';
export { Switch, switchVariants } from './switch';
export type { SwitchProps } from './switch';
export { RadioGroup, RadioGroupItem } from './radio-group';
export type { RadioGroupProps, RadioGroupItemProps } from './radio-group';
export { Tabs, TabsList, TabsTrigger, TabsContent, tabsListVariants, tabsTriggerVariants } from './tabs';
export type { TabsProps, TabsListProps, TabsTriggerProps } from './tabs';
export {
  Card,
  CardHeader,
  CardTitle,
  CardDescription,
  CardAction,
  CardContent,
  CardFooter,
  cardVariants,
} from './card';
export type { CardProps, CardTitleProps } from './card';
export { PageHeader, Breadcrumbs } from './page-header';
export type { PageHeaderProps, BreadcrumbsProps, BreadcrumbItem } from './page-header';
export { EmptyState, emptyStateVariants } from './empty-state';
export type { EmptyStateProps } from './empty-state';
export { Skeleton } from './skeleton';
export type { SkeletonProps } from './skeleton';
export { Pagination, paginationRange, pageCountOf, clampPage } from './pagination';
export type { PaginationProps, PaginationItem } from './pagination';
export {
  Table,
  TableHeader,
  TableBody,
  TableFooter,
  TableRow,
  TableHead,
  TableSortButton,
  TableCell,
  TableCaption,
  TableEmpty,
  TableLoadingRows,
} from './table';
export type {
  TableProps,
  TableHeadProps,
  TableSortButtonProps,
  TableSortDirection,
  TableEmptyProps,
  TableLoadingRowsProps,
} from './table';
export { PasswordStrength, loadPasswordEstimator, PASSWORD_SCORE_LABELS } from './password-strength';
export type { PasswordStrengthProps, PasswordEstimator, PasswordScore } from './password-strength';
export { ConfirmDialog, useConfirmAction } from './confirm-dialog';
export type { ConfirmDialogProps, ConfirmActionState } from './confirm-dialog';
export { Toaster, toast } from './toast';
export type { ToasterProps, ToastOptions } from './toast';
export {
  DropdownMenu,
  DropdownMenuTrigger,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuCheckboxItem,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuSub,
  DropdownMenuSubTrigger,
  DropdownMenuSubContent,
  dropdownMenuItemVariants,
} from './dropdown-menu';
export type {
  DropdownMenuItemProps,
  DropdownMenuLabelProps,
  DropdownMenuSubTriggerProps,
} from './dropdown-menu';
