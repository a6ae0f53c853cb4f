// MSW handlers typed from the contract (`paths`, generated from openapi.yaml): a story can only answer what the
// API would, so a story whose fixtures drift from the contract fails the typecheck, not the reviewer's eye.
import type { Problem, paths } from '@mulot/api-client';
import { type DefaultBodyType, delay, HttpResponse, http, type PathParams } from 'msw';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Path = keyof paths;

/** The methods the contract declares on `P` (openapi-typescript marks the others `?: never`). */
export type MethodOf<P extends Path> = {
  [M in Method]: paths[P][M] extends undefined ? never : M;
}[Method];

type Operation<P extends Path, M extends Method> = NonNullable<paths[P][M]>;

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;

/** The JSON body the contract declares for a success (200 or 201; `undefined` for a 204). */
export type Success<P extends Path, M extends MethodOf<P>> =
  Operation<P, M> extends { responses: infer R }
    ? 200 extends keyof R
      ? JsonOf<R[200]>
      : 201 extends keyof R
        ? JsonOf<R[201]>
        : undefined
    : never;

/** The JSON body the contract declares for the request. */
export type RequestBody<P extends Path, M extends MethodOf<P>> =
  Operation<P, M> extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;

export interface Call<P extends Path, M extends MethodOf<P>> {
  params: Record<string, string>;
  body: RequestBody<P, M>;
  request: Request;
}

/** `/projects/{id}` → `/api/projects/:id` (the back-office's API root is `/api`, same origin). */
const route = (path: string) => `/api${path.replace(/\{(\w+)\}/g, ':$1')}`;

function handler<P extends Path, M extends MethodOf<P>>(
  method: M,
  path: P,
  resolve: (call: Call<P, M>) => Promise<Response> | Response,
) {
  return http[method]<PathParams, DefaultBodyType>(route(path), async ({ request, params }) => {
    const text = method === 'get' ? '' : await request.clone().text();
    const body = (text ? JSON.parse(text) : undefined) as RequestBody<P, M>;
    return resolve({ params: params as Record<string, string>, body, request });
  });
}

/**
 * Answers `method path` with `body` (or what `make` returns for the call: journeys keep state between calls),
 * typed as the contract's success body.
 */
export function reply<P extends Path, M extends MethodOf<P>>(
  method: M,
  path: P,
  body: Success<P, M> | ((call: Call<P, M>) => Success<P, M>),
  { status, wait = 0 }: { status?: number; wait?: number } = {},
) {
  return handler(method, path, async (call) => {
    if (wait) await delay(wait);
    const value = typeof body === 'function' ? (body as (call: Call<P, M>) => Success<P, M>)(call) : body;
    if (value === undefined) return new HttpResponse(null, { status: status ?? 204 });
    return HttpResponse.json(value as DefaultBodyType, { status: status ?? (method === 'post' ? 201 : 200) });
  });
}

/** Refuses `method path` with a problem+json answer, as the API does. */
export function refuse<P extends Path, M extends MethodOf<P>>(
  method: M,
  path: P,
  problem: Problem | ((call: Call<P, M>) => Problem),
  { wait = 0 }: { wait?: number } = {},
) {
  return handler(method, path, async (call) => {
    if (wait) await delay(wait);
    const value = typeof problem === 'function' ? problem(call) : problem;
    return HttpResponse.json(value, {
      status: value.status,
      headers: { 'content-type': 'application/problem+json' },
    });
  });
}

/** How many requests a `hang` holds unanswered (reset before each story; route-story.tsx waits for the others). */
export const hanging = { count: 0 };

/** Never answers: the screen stays in its loading state (what a user sees on a slow network). */
export function hang<P extends Path, M extends MethodOf<P>>(method: M, path: P) {
  return handler(method, path, async () => {
    hanging.count++;
    await delay('infinite');
    return new HttpResponse(null, { status: 504 });
  });
}

/** A problem as the API words it (`detail` already in the request's language). */
export function problem(status: number, detail: string, extra: Partial<Problem> = {}): Problem {
  const titles: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    404: 'Not Found',
    409: 'Conflict',
    500: 'Internal Server Error',
    503: 'Service Unavailable',
  };
  return { type: 'about:blank', title: titles[status] ?? 'Error', status, detail, ...extra };
}
