import type * as React from 'react';
import { cn } from '../../lib/cn';
import { Button, type ButtonProps } from '../button/button';

export type IconButtonProps = Omit<ButtonProps, 'size' | 'aria-label'> & {
  /** Accessible name, also shown as the native tooltip. Required: an icon alone says nothing to a screen reader. */
  label: string;
  size?: 'default' | 'sm';
  children: React.ReactNode;
};

/** A square button holding only an icon. */
export function IconButton({
  label,
  size = 'default',
  variant = 'ghost',
  className,
  title,
  ...props
}: IconButtonProps) {
  return (
    <Button
      data-slot="icon-button"
      aria-label={label}
      title={title ?? label}
      variant={variant}
      size={size === 'sm' ? 'icon-sm' : 'icon'}
      className={cn('relative', className)}
      {...props}
    />
  );
}
