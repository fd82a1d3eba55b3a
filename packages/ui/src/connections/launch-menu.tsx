import { ChevronDownIcon, CopyIcon, DownloadIcon, ExternalLinkIcon, MonitorIcon } from 'lucide-react';
import type * as React from 'react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../dropdown-menu';
import { Button, type ButtonProps } from '../primitives/button';
import { useConnectionsMessages } from './messages';
import type { ConnectionProtocolView, LaunchAction } from './types';

/** What a protocol can be launched with outside the page (the browser's own tab, an app, a file, a command). */
export function launchActionsFor(protocol: ConnectionProtocolView): LaunchAction[] {
  switch (protocol) {
    case 'http':
    case 'https':
      return ['browser', 'copy_command'];
    case 'rdp':
      return ['rdp_file', 'copy_command'];
    default:
      return ['app', 'copy_command'];
  }
}

const ICONS: Record<LaunchAction, React.ComponentType<{ 'aria-hidden': true }>> = {
  browser: ExternalLinkIcon,
  app: MonitorIcon,
  rdp_file: DownloadIcon,
  copy_command: CopyIcon,
};

export type LaunchMenuProps = Omit<ButtonProps, 'onSelect' | 'children'> & {
  protocol: ConnectionProtocolView;
  /** The connection's name, for the button's accessible name. */
  name: string;
  /** Which actions to offer (default: those of the protocol). */
  actions?: LaunchAction[];
  /** The chosen action; the app fetches the link or file (never with a credential) and records the launch. */
  onLaunch: (action: LaunchAction) => void;
};

/**
 * "Abrir ▾": open in the browser (http/https), in the native app (ssh://, telnet://, vnc://), download the .rdp
 * file, or copy the command. Events only.
 */
export function LaunchMenu({
  protocol,
  name,
  actions,
  onLaunch,
  variant = 'outline',
  size = 'sm',
  ...props
}: LaunchMenuProps) {
  const messages = useConnectionsMessages().launch;
  const labels: Record<LaunchAction, string> = {
    browser: messages.browser,
    app: messages.app,
    rdp_file: messages.rdpFile,
    copy_command: messages.copyCommand,
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          data-slot="launch-menu"
          variant={variant}
          size={size}
          aria-label={messages.triggerLabel(name)}
          {...props}
        >
          {messages.trigger}
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {(actions ?? launchActionsFor(protocol)).map((action) => {
          const Icon = ICONS[action];
          return (
            <DropdownMenuItem key={action} onSelect={() => onLaunch(action)}>
              <Icon aria-hidden />
              {labels[action]}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
