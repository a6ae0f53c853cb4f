export { Avatar, type AvatarProps, Fallback, Image, Root } from './avatar';
export { avatarColor, initials, initialsAvatarUrl } from './initials';
