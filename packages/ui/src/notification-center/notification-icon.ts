import {
  BellIcon,
  Building2Icon,
  KeyRoundIcon,
  ListChecksIcon,
  MessageSquareIcon,
  MonitorSmartphoneIcon,
  ServerCogIcon,
  TicketIcon,
  UserIcon,
  type LucideIcon,
} from 'lucide-react';

export const NOTIFICATION_TYPE_ICONS: Readonly<Record<string, LucideIcon>> = {
  ticket: TicketIcon,
  message: MessageSquareIcon,
  task: ListChecksIcon,
  connection: MonitorSmartphoneIcon,
  password: KeyRoundIcon,
  company: Building2Icon,
  user: UserIcon,
  system: ServerCogIcon,
};

/**
 * The icon key for a notification type. Servers send variants ('tickets', 'ticket_updated',
 * 'Message:new'), so the first word is taken, lower-cased, without a plural 's'. Unknown → 'default'.
 */
export function notificationIconKey(type: string | null | undefined): string {
  const word = /[a-z]+/.exec((type ?? '').toLowerCase())?.[0] ?? '';
  if (word in NOTIFICATION_TYPE_ICONS) return word;
  const singular = word.endsWith('s') ? word.slice(0, -1) : word;
  return singular in NOTIFICATION_TYPE_ICONS ? singular : 'default';
}

export function notificationIcon(type: string | null | undefined): LucideIcon {
  return NOTIFICATION_TYPE_ICONS[notificationIconKey(type)] ?? BellIcon;
}
