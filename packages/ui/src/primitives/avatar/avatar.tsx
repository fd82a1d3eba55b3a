import type { VariantProps } from 'class-variance-authority';
import { useState } from 'react';
import type * as React from 'react';
import { cn } from '../../lib/cn';
import { avatarVariants } from './avatar-variants';
import { getInitials } from './get-initials';

export type AvatarProps = Omit<React.ComponentProps<'span'>, 'children'> &
  VariantProps<typeof avatarVariants> & {
    /** Whose avatar: gives the initials and the accessible name. */
    name: string;
    /** Picture URL; initials show when it is missing or fails to load. */
    src?: string | null | undefined;
    /** Hide from assistive tech when the name is already read out next to it. */
    decorative?: boolean;
  };

export function Avatar({ name, src, size, decorative = false, className, ...props }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = !!src && failedSrc !== src;
  const a11y = decorative ? { 'aria-hidden': true as const } : { role: 'img', 'aria-label': name };
  return (
    <span
      data-slot="avatar"
      data-state={showImage ? 'image' : 'initials'}
      className={cn(avatarVariants({ size }), className)}
      {...a11y}
      {...props}
    >
      {showImage ? (
        <img src={src} alt="" className="size-full object-cover" onError={() => setFailedSrc(src)} />
      ) : (
        <span aria-hidden="true">{getInitials(name)}</span>
      )}
    </span>
  );
}
