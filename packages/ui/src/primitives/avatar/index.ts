export { Avatar } from './avatar';
export type { AvatarProps } from './avatar';
export { avatarVariants } from './avatar-variants';
export { getInitials } from './get-initials';
