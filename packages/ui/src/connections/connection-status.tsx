import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../lib/cn';
import { useConnectionsMessages } from './messages';
import type { ConnectionProtocolView, ReachabilityView } from './types';

export const connectionStatusDotVariants = /* @__PURE__ */ cva('inline-block shrink-0 rounded-full', {
  variants: {
    state: {
      online: 'bg-success',
      offline: 'bg-destructive',
      desconhecido: 'border border-muted-foreground bg-transparent',
    },
    size: { sm: 'size-2', default: 'size-2.5' },
  },
  defaultVariants: { state: 'desconhecido', size: 'default' },
});

export type ConnectionStatusDotProps = Omit<React.ComponentProps<'span'>, 'children'> &
  Omit<VariantProps<typeof connectionStatusDotVariants>, 'state'> & {
    state: ReachabilityView;
    /** Print the state beside the dot (a list on a phone, say); otherwise it is read, not shown. */
    showLabel?: boolean;
    /** When it was checked, already formatted by the app ("há 2 min"); added to the title. */
    checkedAt?: string;
  };

/** The reachability dot: green "Acessível", red "Inacessível", a hollow ring "Não verificado". */
export function ConnectionStatusDot({
  state,
  size,
  showLabel = false,
  checkedAt,
  className,
  ...props
}: ConnectionStatusDotProps) {
  const messages = useConnectionsMessages();
  const label = messages.reachability[state];
  return (
    <span
      data-slot="connection-status"
      data-state={state}
      title={checkedAt ? `${label} · ${checkedAt}` : label}
      className={cn('inline-flex items-center gap-1.5 text-xs text-muted-foreground', className)}
      {...props}
    >
      <span aria-hidden="true" className={connectionStatusDotVariants({ state, size })} />
      <span className={showLabel ? undefined : 'sr-only'}>
        {showLabel ? label : messages.reachabilityLabel(label)}
      </span>
    </span>
  );
}

export const protocolBadgeVariants = /* @__PURE__ */ cva(
  'inline-flex items-center rounded-sm border px-1.5 py-px font-mono text-[0.6875rem] leading-4 font-semibold tracking-wide uppercase',
  {
    variants: {
      protocol: {
        ssh: 'border-success/40 text-success',
        telnet: 'border-warning/40 text-warning',
        rdp: 'border-info/40 text-info',
        vnc: 'border-primary/40 text-primary',
        http: 'border-border text-muted-foreground',
        https: 'border-border text-muted-foreground',
      },
    },
  },
);

export type ProtocolBadgeProps = Omit<React.ComponentProps<'span'>, 'children'> & {
  protocol: ConnectionProtocolView;
};

/** "SSH", "RDP", "VNC"…, coloured by protocol and named "Protocolo SSH" for screen readers. */
export function ProtocolBadge({ protocol, className, ...props }: ProtocolBadgeProps) {
  const messages = useConnectionsMessages();
  const name = messages.protocol[protocol];
  return (
    <span
      data-slot="protocol-badge"
      data-protocol={protocol}
      className={cn(protocolBadgeVariants({ protocol }), className)}
      {...props}
    >
      <span aria-hidden="true">{name}</span>
      <span className="sr-only">{messages.protocolLabel(name)}</span>
    </span>
  );
}
