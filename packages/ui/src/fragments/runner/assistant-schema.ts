import { zodResolver } from '@hookform/resolvers/zod';
import type { IntlShape } from 'react-intl';
import { z } from 'zod';
import { LIMITS } from '../validation/limits';

// Imported lazily by the assistant's prompt (validation/lazy-resolver.ts): zod stays out of the reader's first load.

export function createAssistantSchema(intl: IntlShape) {
  return z.object({
    query: z
      .string()
      .trim()
      .min(
        1,
        intl.formatMessage({
          id: 'runner.assistant.queryRequired',
          defaultMessage: 'Décrivez en quelques mots ce que vous voulez faire',
        }),
      )
      .max(
        LIMITS.query,
        intl.formatMessage(
          { id: 'runner.assistant.queryTooLong', defaultMessage: 'Votre demande dépasse {max} caractères' },
          { max: LIMITS.query },
        ),
      ),
  });
}

export type AssistantPromptValues = z.output<ReturnType<typeof createAssistantSchema>>;

export const assistantResolver = (intl: IntlShape) => zodResolver(createAssistantSchema(intl));
