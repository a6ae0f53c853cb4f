import { type Api, createClient } from '@mulot/api-client';
import type { Message, ProxiedResponse } from './messages';

export type { Api };

/**
 * Client for content scripts. Requests go through the background, which adds the session headers (the token never
 * enters the page's process) and is not subject to the customer site's CORS rules: only the transport differs.
 */
export function proxiedApi(
  apiBase: string,
  send: (message: Message) => Promise<unknown>,
  /** the API refused the session, or the extension has none any more (signed out, expired) */
  onSessionEnded: () => void = () => {},
): Api {
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.text();
    const answer = (await send({
      kind: 'fetch',
      url: request.url,
      method: request.method,
      contentType: request.headers.get('content-type'),
      body: body || null,
      ifMatch: request.headers.get('if-match'),
    })) as ProxiedResponse | { error: string };
    if ('error' in answer) {
      if (answer.error === 'no session') onSessionEnded();
      throw new TypeError(answer.error);
    }
    if (answer.status === 401) onSessionEnded();
    const empty = answer.status === 204 || answer.status === 205 || answer.status === 304;
    return new Response(empty ? null : answer.body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.contentType ? { 'content-type': answer.contentType } : {},
    });
  };
  return createClient({ baseUrl: apiBase, fetch });
}

export interface DirectSession {
  apiBase: string;
  token?: string;
  organizationId?: string;
  locale?: string;
}

/** Client for extension pages and the background (host permissions: no CORS). */
export function directApi(session: DirectSession): Api {
  return createClient({
    baseUrl: session.apiBase,
    getToken: () => session.token,
    getOrganizationId: () => session.organizationId,
    getLocale: () => session.locale,
  });
}
