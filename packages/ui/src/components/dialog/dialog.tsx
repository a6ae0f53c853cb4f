'use client';
import { Dialog as Ark } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { createStyleContext, styled } from '@mulot/ui/styled-system/jsx';
import { dialog } from '@mulot/ui/styled-system/recipes';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useIntl } from 'react-intl';

const { withRootProvider, withContext } = createStyleContext(dialog);

/**
 * Modal dialog. Escape and a click outside close it (Ark defaults, kept on purpose: spec §4); it mounts on
 * first open and unmounts on close, so a re-opened form starts clean.
 */
export const Root = withRootProvider(Ark.Root, { defaultProps: { lazyMount: true, unmountOnExit: true } });
export const Trigger = withContext(Ark.Trigger, 'trigger');
const StyledBackdrop = withContext(Ark.Backdrop, 'backdrop');
const StyledPositioner = withContext(Ark.Positioner, 'positioner');
const StyledContent = withContext(Ark.Content, 'content');
export const Title = withContext(Ark.Title, 'title');
export const Description = withContext(Ark.Description, 'description');
export const Header = withContext(styled.div, 'header');
export const Body = withContext(styled.div, 'body');
export const Footer = withContext(styled.div, 'footer');
const CornerCloseTrigger = withContext(Ark.CloseTrigger, 'closeTrigger');
/** Closes the dialog; unstyled, wrap your own button with `asChild` (e.g. "Annuler"). */
export const CloseTrigger = Ark.CloseTrigger;
export { DialogContext as Context } from '@ark-ui/react/dialog';

export type RootProps = ComponentProps<typeof Root>;
export type ContentProps = ComponentProps<typeof StyledContent> & {
  /** Adds the top-right "Fermer" (close) button; on by default. */
  showCloseButton?: boolean;
};

/** Backdrop, positioner and content in a portal; children are the dialog's parts. */
export function Content({ children, showCloseButton = true, ...props }: ContentProps) {
  const intl = useIntl();
  return (
    <Portal>
      <StyledBackdrop />
      <StyledPositioner>
        <StyledContent {...props}>
          {children}
          {showCloseButton && (
            <CornerCloseTrigger
              aria-label={intl.formatMessage({ id: 'ui.dialog.close', defaultMessage: 'Fermer' })}
            >
              <X aria-hidden />
            </CornerCloseTrigger>
          )}
        </StyledContent>
      </StyledPositioner>
    </Portal>
  );
}
