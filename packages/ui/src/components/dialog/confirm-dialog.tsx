'use client';
import { css } from '@mulot/ui/styled-system/css';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button, CancelButton } from '../button/button';
import * as AlertDialog from './alert-dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** What the action does and what goes with it: the dialog's accessible description. */
  description: ReactNode;
  /** More said between the description and the buttons (a warning). */
  children?: ReactNode;
  /** The action failed: the dialog stays open and says why. */
  error?: string | null;
  confirmLabel: ReactNode;
  /** Drawn before the label, except while the action runs (the spinner takes its place). */
  confirmIcon?: ReactNode;
  /** The action is running: both buttons wait, the confirm one spins. */
  pending?: boolean;
  /** Without it, only "Annuler" is offered (nothing to confirm). */
  onConfirm?: () => void;
}

const errorText = css({ color: 'fg.error', textStyle: 'sm' });

/**
 * The product's one confirmation of a destructive action (deleting content or a member, leaving an organization,
 * changing a site key, clearing the questions): an alertdialog whose "Annuler" is focused first and closes it like
 * Escape or a click outside, and whose red button runs the action; a refusal is said inside it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  error,
  confirmLabel,
  confirmIcon,
  pending = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <AlertDialog.Content>
        <AlertDialog.Header>
          <AlertDialog.Title>{title}</AlertDialog.Title>
          <AlertDialog.Description>{description}</AlertDialog.Description>
        </AlertDialog.Header>
        {(children || error) && (
          <AlertDialog.Body>
            {children}
            {error && (
              <p role="alert" className={errorText}>
                {error}
              </p>
            )}
          </AlertDialog.Body>
        )}
        <AlertDialog.Footer>
          <AlertDialog.CloseTrigger asChild>
            <CancelButton disabled={pending}>
              <FormattedMessage id="content.dialog.cancel" defaultMessage="Annuler" />
            </CancelButton>
          </AlertDialog.CloseTrigger>
          {onConfirm && (
            <Button colorPalette="red" loading={pending} onClick={onConfirm}>
              {!pending && confirmIcon}
              {confirmLabel}
            </Button>
          )}
        </AlertDialog.Footer>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
