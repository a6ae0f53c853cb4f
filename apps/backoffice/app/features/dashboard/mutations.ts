import { useMutation } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { fetchClient, logFailure } from '#app/lib/api.ts';
import { queryClient } from '#app/lib/query.ts';
import { toast } from '#app/lib/toast.ts';
import { unansweredQuestionsQuery } from './queries.ts';

const messages = defineMessages({
  cleared: { id: 'app.dashboard.questionsCleared', defaultMessage: 'Questions sans guide effacées' },
});

/** An Admin clears the organization's questions; the dialog stays open on a refusal and shows why. */
export function useClearUnansweredQuestions() {
  const intl = useIntl();
  return useMutation({
    mutationFn: async () => {
      await fetchClient.DELETE('/dashboard/unanswered-questions');
    },
    onSuccess: () => {
      toast({ title: intl.formatMessage(messages.cleared) });
      // Read again without waiting: the dialog closes (and the mutation stops pending) at the answer.
      void queryClient.invalidateQueries({ queryKey: unansweredQuestionsQuery.queryKey });
    },
    onError: (error) => logFailure('Clearing the questions without a guide', error),
  });
}
