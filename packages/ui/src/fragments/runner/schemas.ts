import { z } from 'zod';
import { LIMITS } from '../validation/limits';

/** The part of an IntlShape the schema needs, so a script without React (the extension's panels) can use it too. */
export interface MessageFormatter {
  formatMessage(descriptor: { id: string; defaultMessage: string }, values?: Record<string, number>): string;
}

/** The same text as the other forms' limit (validation.tooLong), without their React module. */
const tooLong = (intl: MessageFormatter, max: number) =>
  intl.formatMessage(
    { id: 'validation.tooLong', defaultMessage: 'Ce champ ne peut pas dépasser {max} caractères.' },
    { max },
  );

/**
 * Step fields of spec §3, for both step editors (the back-office's and the extension's): a title, the action to
 * perform, optional extra information, the page URL and auto-click. The page URL is required: a step is played on a
 * page, and the player navigates there when the run reaches it.
 */
export function createStepSchema(intl: MessageFormatter) {
  return z.object({
    name: z
      .string()
      .trim()
      .min(
        1,
        intl.formatMessage({
          id: 'runner.step.nameRequired',
          defaultMessage: "Le titre de l'étape est requis",
        }),
      )
      .max(LIMITS.name, tooLong(intl, LIMITS.name)),
    text: z
      .string()
      .trim()
      .min(
        1,
        intl.formatMessage({
          id: 'runner.step.textRequired',
          defaultMessage: "La description de l'action est requise",
        }),
      )
      .max(LIMITS.text, tooLong(intl, LIMITS.text)),
    extra: z.string().trim().max(LIMITS.text, tooLong(intl, LIMITS.text)),
    url: z
      .string()
      .trim()
      .min(
        1,
        intl.formatMessage({
          id: 'runner.step.urlRequired',
          defaultMessage: "L'URL de la page est requise",
        }),
      )
      .max(LIMITS.site, tooLong(intl, LIMITS.site))
      .regex(
        /^https?:\/\/[^\s/$.?#][^\s]*$/i,
        intl.formatMessage({
          id: 'runner.step.urlInvalid',
          defaultMessage: "L'URL doit être une adresse web valide, commençant par http:// ou https://",
        }),
      ),
    autoClick: z.boolean(),
  });
}

export type StepSchema = ReturnType<typeof createStepSchema>;
export type StepValues = z.output<StepSchema>;
