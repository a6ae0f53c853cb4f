'use client';
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { withContext } from './sidebar-style';

const SheetBackdrop = withContext(Dialog.Backdrop, 'sheetBackdrop');
const SheetPositioner = withContext(Dialog.Positioner, 'sheetPositioner');
const SheetContent = withContext(Dialog.Content, 'sheetContent');

export interface SheetProps {
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children?: ReactNode;
}

/** The sidebar on mobile: a modal sheet (18rem). Its own module: desktop pages never load the dialog machine. */
export function Sheet({ label, open, onOpenChange, children }: SheetProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      lazyMount
      unmountOnExit
      aria-label={label}
    >
      <Portal>
        <SheetBackdrop />
        <SheetPositioner>
          <SheetContent aria-label={label} data-mobile="">
            {children}
          </SheetContent>
        </SheetPositioner>
      </Portal>
    </Dialog.Root>
  );
}
