import { errorText, type Schemas } from '@mulot/api-client';
import type { AssistantAnswer } from '@mulot/ui/fragments/runner';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';

const messages = defineMessages({
  error: { id: 'app.error.unexpected', defaultMessage: 'Une erreur est survenue' },
  network: { id: 'app.error.retry', defaultMessage: 'Veuillez vérifier votre connexion et réessayer.' },
});

/**
 * The assistant's question and answer for `AssistantPrompt`: the reader panel on the page and the extension's popup
 * over it ask the same way, so a user finds the assistant wherever they open Mulot. `ask` is the host's call.
 */
export function useAssistant(ask: (query: string) => Promise<Schemas['AssistantAnswer'] | undefined>) {
  const intl = useIntl();
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState<AssistantAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (query: string) => {
    setPending(true);
    try {
      const result = await ask(query);
      setError(null);
      setAnswer({
        results: result?.guides ?? [],
        weak: result?.weak,
        guidance: result?.guidance ?? null,
        fallback: Boolean(result?.fallback),
      });
    } catch (failure) {
      setAnswer(null);
      setError(
        `${intl.formatMessage(messages.error)} : ${errorText(failure, intl.formatMessage(messages.network))}`,
      );
    } finally {
      setPending(false);
    }
  };
  return { pending, answer, error, ask: submit };
}
