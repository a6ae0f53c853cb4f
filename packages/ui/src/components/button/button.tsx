import { ark } from '@ark-ui/react/factory';
import { styled } from '@mulot/ui/styled-system/jsx';
import { type ButtonVariantProps, button, iconButton } from '@mulot/ui/styled-system/recipes';
import type { ComponentProps, ReactNode } from 'react';
import { Spinner } from '../spinner/spinner';

const StyledButton = styled(ark.button, button);

export interface ButtonProps extends ComponentProps<typeof StyledButton> {
  /** Pending: the button is disabled, busy for assistive tech, and shows a spinner before its label. */
  loading?: boolean;
  /** Label while pending (e.g. "Sauvegarde..."); the regular children stay when omitted. */
  loadingText?: ReactNode;
}

export function Button({ loading = false, loadingText, disabled, children, ...props }: ButtonProps) {
  return (
    <StyledButton
      type="button"
      disabled={loading || disabled}
      aria-busy={loading || undefined}
      data-loading={loading ? '' : undefined}
      {...props}
    >
      {loading ? (
        <>
          <Spinner decorative size="sm" />
          {loadingText ?? children}
        </>
      ) : (
        children
      )}
    </StyledButton>
  );
}

/**
 * The "Annuler" of every form and dialog: one look everywhere (a neutral outline beside the accent submit),
 * rather than each screen choosing its own.
 */
export function CancelButton(props: Omit<ButtonProps, 'variant' | 'colorPalette'>) {
  return <Button variant="outline" colorPalette="gray" data-cancel="" {...props} />;
}

const StyledIconButton = styled(StyledButton, iconButton);

export interface IconButtonProps extends ComponentProps<typeof StyledIconButton> {
  /** Icon-only buttons need an accessible name: it is required here rather than left to callers. */
  'aria-label': string;
  loading?: boolean;
}

export function IconButton({ loading = false, disabled, children, ...props }: IconButtonProps) {
  return (
    <StyledIconButton
      type="button"
      disabled={loading || disabled}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner decorative size="sm" /> : children}
    </StyledIconButton>
  );
}

export type { ButtonVariantProps };
