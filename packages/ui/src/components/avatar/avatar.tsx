'use client';
import { Avatar as Ark } from '@ark-ui/react/avatar';
import { createStyleContext } from '@mulot/ui/styled-system/jsx';
import { avatar } from '@mulot/ui/styled-system/recipes';
import type { ComponentProps } from 'react';
import { initials, initialsAvatarUrl } from './initials';

const { withProvider, withContext } = createStyleContext(avatar);

export const Root = withProvider(Ark.Root, 'root');
export const Image = withContext(Ark.Image, 'image');
export const Fallback = withContext(Ark.Fallback, 'fallback');
export { AvatarContext as Context } from '@ark-ui/react/avatar';

export type AvatarProps = Omit<ComponentProps<typeof Root>, 'children'> & {
  firstName?: string | null;
  lastName?: string | null;
  /** A real picture; when absent (or when it fails to load) the generated initials picture is used. */
  src?: string;
};

/** A member's avatar: their picture or a generated initials picture, with the two initials as fallback. */
export function Avatar({ firstName, lastName, src, ...props }: AvatarProps) {
  const name = [firstName, lastName].filter(Boolean).join(' ');
  const url = src ?? initialsAvatarUrl(firstName, lastName);
  return (
    <Root {...props}>
      <Fallback aria-hidden={url ? true : undefined}>{initials(firstName, lastName)}</Fallback>
      {url && <Image src={url} alt={name} />}
    </Root>
  );
}
