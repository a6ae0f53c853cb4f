import type { components, paths } from '@mulot/api-client/schema';
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { Message, ProxiedResponse } from './messages';

export type Problem = components['schemas']['Problem'];
export type Schemas = components['schemas'];

/** A non-OK answer of the API (problem+json). */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Partial<Problem>;
  constructor(status: number, problem: Partial<Problem>) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
  }
}

const throwOnError: Middleware = {
  async onResponse({ response }) {
    if (response.ok) return undefined;
    let problem: Partial<Problem> = {};
    try {
      problem = (await response.clone().json()) as Partial<Problem>;
    } catch {
      // not JSON: keep the status
    }
    throw new ApiError(response.status, problem);
  },
};

export type Api = Client<paths>;

/**
 * Typed client for content scripts. Requests go through the background, which adds the session headers (the token
 * never enters the page's process) and is not subject to the customer site's CORS rules.
 */
export function proxiedApi(apiBase: string, send: (message: Message) => Promise<unknown>): Api {
  const fetch = async (input: Request): Promise<Response> => {
    const body = input.method === 'GET' || input.method === 'HEAD' ? null : await input.text();
    const answer = (await send({
      kind: 'fetch',
      url: input.url,
      method: input.method,
      contentType: input.headers.get('content-type'),
      body: body || null,
      ifMatch: input.headers.get('if-match'),
    })) as ProxiedResponse | { error: string };
    if ('error' in answer) throw new TypeError(answer.error);
    const empty = answer.status === 204 || answer.status === 205 || answer.status === 304;
    return new Response(empty ? null : answer.body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.contentType ? { 'content-type': answer.contentType } : {},
    });
  };
  const client = createClient<paths>({ baseUrl: apiBase, fetch });
  client.use(throwOnError);
  return client;
}

export interface DirectSession {
  apiBase: string;
  token?: string;
  organizationId?: string;
  locale?: string;
}

/** Typed client for extension pages and the background (host permissions: no CORS). */
export function directApi(session: DirectSession): Api {
  const client = createClient<paths>({ baseUrl: session.apiBase });
  client.use({
    onRequest({ request }) {
      if (session.token) request.headers.set('Authorization', `Bearer ${session.token}`);
      if (session.organizationId) request.headers.set('x-organization-id', session.organizationId);
      if (session.locale) request.headers.set('x-locale', session.locale);
      return request;
    },
  });
  client.use(throwOnError);
  return client;
}

/** The message to show for a failed call: the server's localized detail, else a generic text. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.problem.detail || error.message || fallback;
  return fallback;
}

/** The version a write is based on, so the API refuses it (412) rather than overwrite a change made meanwhile. */
export function basedOn(version: number) {
  return { 'If-Match': `"${version}"` };
}

/** Someone else changed the guide since it was loaded (412). */
export function isStale(error: unknown): boolean {
  return error instanceof ApiError && error.status === 412;
}
