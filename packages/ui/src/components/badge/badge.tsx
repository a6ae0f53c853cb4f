import { ark } from '@ark-ui/react/factory';
import { styled } from '@mulot/ui/styled-system/jsx';
import { badge } from '@mulot/ui/styled-system/recipes';
import type { ComponentProps } from 'react';

export const Badge = styled(ark.span, badge);
export type BadgeProps = ComponentProps<typeof Badge>;
