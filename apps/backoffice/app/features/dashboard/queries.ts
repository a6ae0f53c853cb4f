import { $api } from '#app/lib/query.ts';

/** The period the dashboard's "Questions sans guide" counts, like its activity chart. */
export const QUESTION_DAYS = 30;

/** The assistant's questions of the period that no guide answered, grouped, the most asked first (issue 42). */
export const unansweredQuestionsQuery = $api.queryOptions('get', '/dashboard/unanswered-questions', {
  params: { query: { days: QUESTION_DAYS } },
});
