import { useEffect } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { defineMessage, type IntlShape, type MessageDescriptor } from 'react-intl';

export { LIMITS } from './limits';

export const limitMessages = {
  tooLong: defineMessage<{ max: number }>({
    id: 'validation.tooLong',
    defaultMessage: 'Ce champ ne peut pas dépasser {max} caractères.',
  }),
  tooManySites: defineMessage<{ max: number }>({
    id: 'validation.tooManySites',
    defaultMessage: 'Un projet ne peut pas avoir plus de {max} sites.',
  }),
};

const TOO_LONG = /^tooLong:(\d+)$/;

/** For the schemas that carry message keys (auth, profile, team): "at most `max` characters". */
export const tooLong = (max: number) => ({ error: `tooLong:${max}` });

/** For the schemas that are built with the user's intl (content, guide): the text itself. */
export const tooLongText = (intl: IntlShape, max: number) =>
  intl.formatMessage(limitMessages.tooLong, { max });

/**
 * The text a field shows for a schema's message: a key of `messages` or a limit key, translated; anything else
 * (a server's message, already localized) as is.
 */
export function translateIssue(
  intl: IntlShape,
  message: string,
  messages: Record<string, MessageDescriptor>,
): string {
  const limit = TOO_LONG.exec(message);
  if (limit) return tooLongText(intl, Number(limit[1]));
  const descriptor = Object.hasOwn(messages, message) ? messages[message] : undefined;
  return descriptor ? intl.formatMessage(descriptor) : message;
}

/** A server's refusal per form field (its message already in the user's language). */
export type ServerFieldErrors<T> = Partial<Record<keyof T & string, string>>;

/**
 * Puts a server's refusal on the fields it names (react-hook-form `setError`), the first one focused, as if
 * the form's own rules had found it; editing the field clears it like any other error.
 */
export function useServerFieldErrors<T extends FieldValues>(
  errors: ServerFieldErrors<T> | null | undefined,
  setError: UseFormSetError<T>,
) {
  useEffect(() => {
    if (!errors) return;
    let first = true;
    for (const [name, message] of Object.entries(errors)) {
      if (typeof message !== 'string' || !message) continue;
      setError(name as Path<T>, { type: 'server', message }, { shouldFocus: first });
      first = false;
    }
  }, [errors, setError]);
}
