// Framework-free entry: the extension's injected scripts and its background import this without React; the
// React Query hooks are in `@mulot/api-client/react`.
import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './generated/schema';

export * from './writes';
export type { components, operations, paths };
export type Schemas = components['schemas'];
export type Problem = Schemas['Problem'];
export type FieldError = Schemas['FieldError'];
export type FieldErrorCode = Schemas['FieldErrorCode'];

/** Values read on every request, so a login, an organization switch or a locale change applies at once. */
export interface ApiClientOptions {
  /** API root ending in /api, e.g. `http://localhost:3000/api` or `/api`. */
  baseUrl: string;
  getToken?: () => string | null | undefined;
  getOrganizationId?: () => string | null | undefined;
  getLocale?: () => string | null | undefined;
  /** A fetch implementation (tests, or a runtime without global fetch). */
  fetch?: typeof globalThis.fetch;
}

/**
 * Thrown for every non-OK answer. openapi-react-query would otherwise resolve a non-OK answer with an empty body
 * as a success, so the middleware throws and queries and mutations end in their error state with the problem.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(problem.detail || problem.title);
    this.name = 'ApiError';
    this.status = problem.status;
    this.problem = problem;
  }

  /** Messages per field (JSON pointer into the whole request → message) of a validation problem. */
  get fieldErrors(): Record<string, string> {
    return Object.fromEntries((this.problem.errors ?? []).map((e) => [e.field, e.message]));
  }

  /**
   * The body's field problems by JSON pointer into the body (`/credentials/email`, `/sites/1`; `''` for the body
   * as a whole), first one per field: what a form maps onto its inputs, translating `code` with `params`.
   */
  get bodyErrors(): Record<string, FieldError> {
    const out: Record<string, FieldError> = {};
    for (const error of this.problem.errors ?? []) {
      if (error.in === 'body' && !(error.pointer in out)) out[error.pointer] = error;
    }
    return out;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

async function problemOf(response: Response): Promise<Problem> {
  const fallback: Problem = {
    type: 'about:blank',
    title: response.statusText || 'HTTP error',
    status: response.status,
    detail: response.statusText || `HTTP ${response.status}`,
  };
  const text = await response.text().catch(() => '');
  if (!text) return fallback;
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && 'title' in body && 'status' in body) {
      return { ...fallback, ...(body as Partial<Problem>) } as Problem;
    }
  } catch {
    // Not JSON (e.g. a proxy's HTML error page): keep the status line.
  }
  return fallback;
}

/** The one middleware: adds the session, organization and locale headers; turns non-OK answers into ApiError. */
export function createHeadersMiddleware(options: Omit<ApiClientOptions, 'baseUrl' | 'fetch'>): Middleware {
  return {
    onRequest({ request }) {
      const token = options.getToken?.();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      const organizationId = options.getOrganizationId?.();
      if (organizationId) request.headers.set('x-organization-id', organizationId);
      const locale = options.getLocale?.();
      if (locale) request.headers.set('x-locale', locale);
      return request;
    },
    async onResponse({ response }) {
      if (!response.ok) throw new ApiError(await problemOf(response));
      return undefined;
    },
  };
}

/** The typed fetch client (`api.GET('/projects')`). */
export type Api = Client<paths>;

/** The openapi-fetch client with the headers middleware. */
export function createClient(options: ApiClientOptions): Api {
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(createHeadersMiddleware(options));
  return client;
}

/** The message to show for a failed call: the server's localized detail, else the given text. */
export function errorText(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.problem.detail || error.message || fallback;
  return fallback;
}

/** Someone else changed the resource since it was loaded (412). */
export function isStale(error: unknown): boolean {
  return isApiError(error) && error.status === 412;
}

/** Every item of a paged list, following `nextCursor` 100 items at a time. */
async function everyPage<T>(
  page: (query: {
    limit: number;
    cursor?: string;
  }) => Promise<{ items: T[]; nextCursor: string | null } | undefined>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  // Bounded: a server answering the same cursor forever must not hang the caller (100 pages: 10,000 items).
  for (let n = 0; n < 100; n++) {
    const data = await page({ limit: 100, ...(cursor ? { cursor } : {}) });
    if (!data) break;
    items.push(...data.items);
    if (!data.nextCursor) break;
    cursor = data.nextCursor;
  }
  return items;
}

/**
 * Every project of the organization, page after page (GET /projects answers at most 100 at a time): for a client
 * that needs them all, such as the extension's list of every project's sites or a project picker.
 */
export function allProjects(client: Client<paths>): Promise<Schemas['Project'][]> {
  return everyPage(async (query) => (await client.GET('/projects', { params: { query } })).data);
}

/** Every scenario of a category, page after page: for the choice of a prerequisite among a guide's siblings. */
export function allScenarios(
  client: Client<paths>,
  path: { id: string; categoryId: string },
): Promise<Schemas['ScenarioSummary'][]> {
  return everyPage(
    async (query) =>
      (await client.GET('/projects/{id}/categories/{categoryId}/scenarios', { params: { path, query } }))
        .data,
  );
}

type ScreenshotPath = { params: { path: { id: string; stepId: string } } };

/** Uploads a step's screenshot (PNG, JPEG or WebP, at most 2 MB); the Blob's type is sent as the content type. */
export async function uploadScreenshot(
  client: Client<paths>,
  ids: { scenarioId: string; stepId: string },
  image: Blob,
): Promise<void> {
  const init: ScreenshotPath = { params: { path: { id: ids.scenarioId, stepId: ids.stepId } } };
  await client.PUT('/scenarios/{id}/steps/{stepId}/screenshot', {
    ...init,
    body: image as never,
    bodySerializer: (body: unknown) => body as Blob,
    headers: { 'Content-Type': image.type || 'application/octet-stream' },
  });
}

/** A step's screenshot as a Blob (e.g. for `URL.createObjectURL`); an `<img src>` cannot send the headers. */
export async function downloadScreenshot(
  client: Client<paths>,
  ids: { scenarioId: string; stepId: string },
): Promise<Blob> {
  const { data } = await client.GET('/scenarios/{id}/steps/{stepId}/screenshot', {
    params: { path: { id: ids.scenarioId, stepId: ids.stepId } },
    parseAs: 'blob',
  });
  return data as Blob;
}

/** The page an end user saw when a step of their run failed, as a Blob (guide health). */
export async function downloadIssueScreenshot(
  client: Client<paths>,
  ids: { scenarioId: string; runId: string; issueId: string },
): Promise<Blob> {
  const { data } = await client.GET('/scenarios/{id}/runs/{runId}/issues/{issueId}/screenshot', {
    params: { path: { id: ids.scenarioId, runId: ids.runId, issueId: ids.issueId } },
    parseAs: 'blob',
  });
  return data as Blob;
}
