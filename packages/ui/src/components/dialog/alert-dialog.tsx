'use client';
import type { ComponentProps } from 'react';
import * as Dialog from './dialog';

/**
 * A dialog that asks to confirm something (a destructive action): `role="alertdialog"`, no corner close
 * button (the footer's cancel does that), Escape and outside click still close it.
 */
export function Root(props: Dialog.RootProps) {
  // Ark keeps an alertdialog open on outside clicks; the product closes its delete dialogs there (spec §4).
  return <Dialog.Root role="alertdialog" closeOnInteractOutside {...props} />;
}

export function Content(props: Omit<Dialog.ContentProps, 'showCloseButton'>) {
  return <Dialog.Content showCloseButton={false} {...props} />;
}

export const Trigger = Dialog.Trigger;
export const Header = Dialog.Header;
export const Title = Dialog.Title;
export const Description = Dialog.Description;
export const Body = Dialog.Body;
export const Footer = Dialog.Footer;
export const CloseTrigger = Dialog.CloseTrigger;
export const Context = Dialog.Context;
export type RootProps = ComponentProps<typeof Root>;
