import type { LlmConfig } from '../config.ts';
import type { Locale } from '../problems.ts';
import type { Candidate } from './fulltext.ts';

export type Fallback = 'model-error' | 'model-timeout' | 'model-invalid-answer';

export interface ModelAnswer {
  /** Candidates the model kept, best first, with its reason for each. */
  guides: Array<{ candidate: Candidate; reason: string }>;
  guidance: string;
}

export class ModelFailure extends Error {
  readonly kind: Fallback;
  constructor(kind: Fallback, message: string) {
    super(message);
    this.kind = kind;
  }
}

const languageName: Record<Locale, string> = { fr: 'French', en: 'English' };
const maxGuidance = 600;
const maxReason = 200;

function prompt(query: string, candidates: Candidate[], locale: Locale) {
  // Only the guides' public texts and the user's words go out: never tokens, emails or identifiers of people.
  const guides = candidates.map((c) => ({
    id: c.scenarioId,
    title: c.title,
    summary: c.summary,
    description: c.description,
  }));
  return [
    {
      role: 'system',
      content:
        'You help end users of a website find the step-by-step guide that does what they describe. ' +
        'You get their request and candidate guides (JSON). Keep only the guides that really answer the request, ' +
        'best first (none if no guide fits), and write a short guidance (at most 2 sentences) addressed to the user. ' +
        `Write every text in ${languageName[locale]}. ` +
        'Answer with JSON only: {"guides":[{"id":"<id of a candidate>","reason":"<why it fits, one short sentence>"}],"guidance":"<text>"}.',
    },
    { role: 'user', content: JSON.stringify({ request: query, guides }) },
  ];
}

/** The JSON object of a chat answer, tolerating a Markdown code fence around it. */
function parseContent(content: string): unknown {
  const text = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  return JSON.parse(text);
}

/**
 * Asks an OpenAI-compatible chat-completions endpoint to rerank the full-text candidates. Throws a ModelFailure on
 * a network or HTTP error, a timeout, or an answer that is not the expected JSON. Ids the model invents are dropped:
 * only candidates can come back.
 */
export async function rerank(
  config: LlmConfig,
  query: string,
  candidates: Candidate[],
  locale: Locale,
): Promise<ModelAnswer> {
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
      body: JSON.stringify({
        model: config.model,
        messages: prompt(query, candidates, locale),
        temperature: 0,
        response_format: { type: 'json_object' },
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new ModelFailure('model-timeout', `no answer within ${config.timeoutMs} ms`);
    throw new ModelFailure('model-error', error instanceof Error ? error.message : 'request failed');
  }
  let body: unknown;
  try {
    if (!response.ok) throw new ModelFailure('model-error', `HTTP ${response.status}`);
    body = await response.json();
  } catch (error) {
    if (error instanceof ModelFailure) throw error;
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new ModelFailure('model-timeout', `no answer within ${config.timeoutMs} ms`);
    throw new ModelFailure('model-invalid-answer', 'the response is not JSON');
  }
  const content = (body as { choices?: Array<{ message?: { content?: unknown } }> })?.choices?.[0]?.message
    ?.content;
  if (typeof content !== 'string') throw new ModelFailure('model-invalid-answer', 'no message content');
  let answer: unknown;
  try {
    answer = parseContent(content);
  } catch {
    throw new ModelFailure('model-invalid-answer', 'the message is not JSON');
  }
  const { guides, guidance } = (answer ?? {}) as { guides?: unknown; guidance?: unknown };
  if (!Array.isArray(guides) || typeof guidance !== 'string')
    throw new ModelFailure('model-invalid-answer', 'the message lacks guides or guidance');
  const byId = new Map(candidates.map((c) => [c.scenarioId, c]));
  const kept: ModelAnswer['guides'] = [];
  for (const item of guides) {
    const id = (item as { id?: unknown })?.id;
    const reason = (item as { reason?: unknown })?.reason;
    const candidate = typeof id === 'string' ? byId.get(id) : undefined;
    if (!candidate || kept.some((k) => k.candidate === candidate)) continue;
    kept.push({ candidate, reason: typeof reason === 'string' ? reason.trim().slice(0, maxReason) : '' });
  }
  return { guides: kept, guidance: guidance.trim().slice(0, maxGuidance) };
}
