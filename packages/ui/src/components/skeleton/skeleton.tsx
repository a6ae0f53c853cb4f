import { styled } from '@mulot/ui/styled-system/jsx';
import { skeleton } from '@mulot/ui/styled-system/recipes';
import type { ComponentProps } from 'react';

const StyledSkeleton = styled('div', skeleton);
export type SkeletonProps = ComponentProps<typeof StyledSkeleton>;

/**
 * A placeholder shape while content loads. Hidden from assistive tech: the loading region itself says it is
 * busy (`aria-busy`) and names what loads.
 */
export function Skeleton(props: SkeletonProps) {
  return <StyledSkeleton aria-hidden="true" data-skeleton="" {...props} />;
}
