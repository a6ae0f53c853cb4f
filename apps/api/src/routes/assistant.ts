// Tag `assistant`: the published guides that answer what an end user describes.
import type { FastifyBaseLogger } from 'fastify';
import { type Candidate, reasonOf, relevant, searchGuides, weak } from '../assistant/fulltext.ts';
import type { Scope } from '../assistant/guides.ts';
import { ModelFailure, rerank } from '../assistant/model.ts';
import { fieldProblem, type Locale } from '../problems.ts';
import { projectsForUrl } from '../repositories/projects.ts';
import type { Handler, Schemas, Services } from '../types.ts';
import { organizationOf } from './context.ts';

/** At most this many guides are shown; a model sees a few more candidates to choose from. */
const shown = 5;
const modelCandidates = 8;

export const askAssistant: Handler<'askAssistant'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const query = request.body.query.trim();
  if (query.length === 0) throw fieldProblem('/body/query', 'field.blank');
  let projectIds: string[] | undefined;
  if (request.body.url !== undefined) {
    const projects = await projectsForUrl(services.db, organizationId, request.body.url);
    if (!projects) throw fieldProblem('/body/url', 'field.url');
    if (projects.length === 0) {
      // Asked on a page of no project: no guide at all, a question for the organization's backlog all the same.
      services.unansweredQuestions.record(organizationId, null, query);
      return { status: 200, body: { guides: [], source: 'fulltext' } };
    }
    projectIds = projects.map((p) => p.id);
  }
  const scope = { organizationId, projectIds, contentVersion: request.caller?.contentVersion };
  return { status: 200, body: await answerQuestion(services, scope, query, request.locale, request.log) };
};

/**
 * The published guides in `scope` that answer `query`, reranked by the model when there is one. A question answered
 * with no confident guide (nothing, or only `weak` ones) is recorded for the dashboard's "Questions sans guide" —
 * its text, the organization and the project when the scope is one project, never who asked — without waiting.
 */
export async function answerQuestion(
  services: Services,
  scope: Scope,
  query: string,
  locale: Locale,
  log: FastifyBaseLogger,
): Promise<Schemas['AssistantAnswer']> {
  const answer = await answerOf(services, scope, query, locale, log);
  if (answer.guides.length === 0) {
    const projectId = scope.projectIds?.length === 1 ? (scope.projectIds[0] ?? null) : null;
    services.unansweredQuestions.record(scope.organizationId, projectId, query);
  }
  return answer;
}

async function answerOf(
  services: Services,
  scope: Scope,
  query: string,
  locale: Locale,
  log: FastifyBaseLogger,
): Promise<Schemas['AssistantAnswer']> {
  const llm = services.config.llm;
  // A model may rescue a guide under the confident score, so it sees the best guides sharing a word with the query.
  const candidates = await searchGuides(services.db, scope, query);
  const answers = relevant(candidates);
  const guide = (c: Candidate): Schemas['AssistantGuide'] => ({
    scenarioId: c.scenarioId,
    title: c.title,
    reason: reasonOf(c.matches, locale),
    score: c.score,
  });
  // No confident answer: the closest guides, shown apart as "peut-être", so that a user is not left with nothing.
  const maybe = weak(candidates).map(guide);
  const weakPart = maybe.length > 0 ? { weak: maybe } : {};
  const fulltext = (fallback?: Schemas['AssistantAnswer']['fallback']): Schemas['AssistantAnswer'] => ({
    guides: answers.slice(0, shown).map(guide),
    ...weakPart,
    source: 'fulltext',
    ...(fallback ? { fallback } : {}),
  });
  // Nothing shares a word with the query: there is nothing for a model to rerank.
  if (!llm || candidates.length === 0) return fulltext();
  try {
    const answer = await rerank(llm, query, candidates.slice(0, modelCandidates), locale);
    const guides = answer.guides.slice(0, shown);
    return {
      guides: guides.map(({ candidate, reason }, index) => ({
        scenarioId: candidate.scenarioId,
        title: candidate.title,
        reason: reason || reasonOf(candidate.matches, locale),
        // The model gives an order, not a measure: the score says the rank.
        score: Math.round((1 - index / (shown * 2)) * 100) / 100,
      })),
      // The model kept none: what the full-text search found closest is still worth a "peut-être".
      ...(guides.length === 0 ? weakPart : {}),
      ...(answer.guidance ? { guidance: answer.guidance } : {}),
      source: 'model',
    };
  } catch (error) {
    if (!(error instanceof ModelFailure)) throw error;
    // The message names the failure, never the key or the request.
    log.warn(
      { fallback: error.kind, cause: error.message },
      'assistant model failed; full-text answer served',
    );
    return fulltext(error.kind);
  }
}
