import { styled } from '@mulot/ui/styled-system/jsx';
import { emptyState } from '@mulot/ui/styled-system/recipes';
import type { ReactNode } from 'react';

const Root = styled('div');
const Slot = styled('div');
const Title = styled('h3');
const Description = styled('p');

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** A decorative icon (e.g. a lucide icon). */
  icon?: ReactNode;
  /** Buttons offered to get out of the empty state ("Inviter le premier membre", "Effacer la recherche"). */
  action?: ReactNode;
  /** Heading level of the title in the page outline. */
  headingLevel?: 'h1' | 'h2' | 'h3' | 'h4';
}

/** What a list shows when it has nothing (or nothing matching a search) — never a blank area. */
export function EmptyState({ title, description, icon, action, headingLevel = 'h3' }: EmptyStateProps) {
  const classes = emptyState();
  return (
    <Root className={classes.root} data-empty-state="">
      {icon && (
        <Slot className={classes.icon} aria-hidden="true">
          {icon}
        </Slot>
      )}
      <Title as={headingLevel} className={classes.title}>
        {title}
      </Title>
      {description && <Description className={classes.description}>{description}</Description>}
      {action && <Slot className={classes.action}>{action}</Slot>}
    </Root>
  );
}
