// Every error the API answers is an RFC 9457 problem; `detail` and field messages are localized by x-locale.

import { type Locale, type MessageKey, type Params, translate } from './messages.ts';

export { type Locale, localeOf, type MessageKey, type Params, translate } from './messages.ts';

type Text = Record<Locale, string>;

const kinds = {
  validation: { status: 400, title: 'Invalid input' },
  'malformed-json': { status: 400, title: 'Malformed JSON' },
  'invalid-code': { status: 400, title: 'Invalid or expired code' },
  'rejected-url': { status: 400, title: 'Rejected URL' },
  unauthenticated: { status: 401, title: 'Authentication required' },
  'invalid-credentials': { status: 401, title: 'Invalid credentials' },
  'account-not-confirmed': { status: 403, title: 'Account not confirmed' },
  forbidden: { status: 403, title: 'Forbidden' },
  'organization-required': { status: 403, title: 'Organization required' },
  'not-found': { status: 404, title: 'Not found' },
  conflict: { status: 409, title: 'Conflict' },
  'email-taken': { status: 409, title: 'Email already registered' },
  'last-admin': { status: 409, title: 'Last administrator' },
  'invitation-accepted': { status: 409, title: 'Invitation already accepted' },
  'not-publishable': { status: 409, title: 'Not publishable' },
  'site-required': { status: 409, title: 'Site required' },
  'precondition-failed': { status: 412, title: 'Changed by someone else in the meantime' },
  'payload-too-large': { status: 413, title: 'Payload too large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  'not-ready': { status: 503, title: 'Not ready' },
  internal: { status: 500, title: 'Internal error' },
  unavailable: { status: 503, title: 'Service unavailable' },
} as const;

export type ProblemKind = keyof typeof kinds;

export interface FieldProblem {
  /** JSON pointer into the whole request: `/body/…`, `/params/…`, `/query/…`, `/headers/…`. */
  field: string;
  key: MessageKey;
  params?: Params;
}

/** Thrown by handlers and hooks; the error handler renders it in the request's locale. */
export class HttpProblem extends Error {
  readonly kind: ProblemKind;
  readonly key: MessageKey;
  readonly params: Params;
  readonly fields: FieldProblem[];
  readonly headers: Record<string, string>;
  /** not-publishable: the steps without a target. */
  readonly stepIds: string[] | undefined;

  constructor(
    kind: ProblemKind,
    options: {
      key?: MessageKey;
      params?: Params;
      fields?: FieldProblem[];
      headers?: Record<string, string>;
      stepIds?: string[];
    } = {},
  ) {
    super(kind);
    this.kind = kind;
    this.key = options.key ?? (kind as MessageKey);
    this.params = options.params ?? {};
    this.fields = options.fields ?? [];
    this.headers = options.headers ?? {};
    this.stepIds = options.stepIds;
  }

  get status(): number {
    return kinds[this.kind].status;
  }
}

export function fieldProblem(field: string, key: MessageKey, params?: Params): HttpProblem {
  return new HttpProblem('validation', { fields: [{ field, key, ...(params ? { params } : {}) }] });
}

export function notFound(key: MessageKey = 'not-found'): HttpProblem {
  return new HttpProblem('not-found', { key });
}

export interface RenderedFieldError {
  in: 'body' | 'path' | 'query' | 'header';
  pointer: string;
  code: MessageKey;
  params?: Params;
  field: string;
  message: string;
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: MessageKey;
  instance?: string;
  errors?: RenderedFieldError[];
  stepIds?: string[];
}

const parts: Record<string, RenderedFieldError['in']> = {
  body: 'body',
  params: 'path',
  query: 'query',
  querystring: 'query',
  headers: 'header',
};

/** `/body/credentials/email` → in body at `/credentials/email`; `/params/id` → in path at `/id`. */
export function locate(field: string): { in: RenderedFieldError['in']; pointer: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(field);
  const part = match ? parts[match[1] ?? ''] : undefined;
  if (!match || !part) return { in: 'body', pointer: field };
  return { in: part, pointer: match[2] ?? '' };
}

/** Keys a client can translate for a field (the contract's FieldErrorCode); anything else is `field.invalid`. */
const fieldCodes = new Set<string>([
  'email-taken',
  'invalid-code',
  'wrong-current-password',
  'malformed-json',
  'steps-mismatch',
]);

export function render(problem: HttpProblem, locale: Locale, instance?: string): ProblemBody {
  const body: ProblemBody = {
    type: `urn:mulot:problem:${problem.kind}`,
    title: kinds[problem.kind].title,
    status: kinds[problem.kind].status,
    detail: translate(problem.key, locale, problem.params),
    code: problem.key,
  };
  if (instance) body.instance = instance;
  let fields = problem.fields;
  // Every 400 names where the problem is, so a form can always put it somewhere (the body as a whole at least).
  if (fields.length === 0 && body.status === 400) {
    fields = [
      { field: '/body', key: problem.kind === 'malformed-json' ? 'malformed-json' : 'field.invalid' },
    ];
  }
  if (fields.length > 0) {
    body.errors = fields.map((f) => {
      const code: MessageKey = f.key.startsWith('field.') || fieldCodes.has(f.key) ? f.key : 'field.invalid';
      return {
        ...locate(f.field),
        code,
        ...(f.params ? { params: f.params } : {}),
        field: f.field,
        message: translate(f.key, locale, f.params),
      };
    });
  }
  if (problem.stepIds) body.stepIds = problem.stepIds;
  return body;
}

const typeNames: Record<string, Text> = {
  string: { fr: 'texte', en: 'string' },
  integer: { fr: 'entier', en: 'integer' },
  number: { fr: 'nombre', en: 'number' },
  boolean: { fr: 'booléen', en: 'boolean' },
  object: { fr: 'objet', en: 'object' },
  array: { fr: 'liste', en: 'array' },
  null: { fr: 'null', en: 'null' },
};

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const passwordFields = new Set(['/body/password', '/body/credentials/password', '/body/newPassword']);

/** Turns Fastify/Ajv validation errors into field problems (JSON pointers into the request). */
export function validationProblem(errors: AjvError[], context: string): HttpProblem {
  const part = context === 'querystring' ? 'query' : context;
  const fields = errors.map((error): FieldProblem => {
    let field = `/${part}${error.instancePath}`;
    const p = error.params;
    switch (error.keyword) {
      case 'required':
        field += `/${String(p.missingProperty)}`;
        return { field, key: 'field.required' };
      case 'additionalProperties':
        field += `/${String(p.additionalProperty)}`;
        return { field, key: 'field.unknown' };
      case 'type': {
        const type = String(Array.isArray(p.type) ? p.type[0] : p.type);
        return { field, key: 'field.type', params: { type: type } };
      }
      case 'minLength':
        if (passwordFields.has(field) && p.limit === 8) return { field, key: 'field.password' };
        return { field, key: 'field.minLength', params: { limit: Number(p.limit) } };
      case 'maxLength':
        return { field, key: 'field.maxLength', params: { limit: Number(p.limit) } };
      case 'format':
        if (p.format === 'email') return { field, key: 'field.email' };
        if (p.format === 'uuid') return { field, key: 'field.uuid' };
        return { field, key: 'field.format', params: { format: String(p.format) } };
      case 'enum':
        return {
          field,
          key: 'field.enum',
          params: { values: (p.allowedValues as unknown[]).map((v) => String(v)).join(', ') },
        };
      case 'minimum':
      case 'maximum':
      case 'minItems':
      case 'maxItems':
        return { field, key: `field.${error.keyword}`, params: { limit: Number(p.limit) } };
      case 'minProperties':
      case 'maxProperties':
        return { field, key: `field.${error.keyword}` };
      case 'pattern':
        return { field, key: 'field.pattern' };
      default:
        return { field, key: 'field.invalid' };
    }
  });
  return new HttpProblem('validation', { fields });
}

/** Field messages name types in the request's language. */
export function localizeTypeParams(problem: HttpProblem, locale: Locale): void {
  for (const f of problem.fields) {
    if (f.key === 'field.type' && f.params && typeof f.params.type === 'string') {
      f.params.type = typeNames[f.params.type]?.[locale] ?? f.params.type;
    }
  }
}
