import type { components, operations } from '@mulot/api-client/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { ProjectRow, RoleName, UserRow } from './db/schema.ts';
import type { IdentifySightings } from './identify-sightings.ts';
import type { OutboxWorker } from './outbox.ts';
import type { ReadCache } from './plugins/app/read-cache.ts';
import type { Locale } from './problems.ts';
import type { PublicCounts } from './public-counts.ts';
import type { RateLimits } from './rate-limit.ts';
import type { AccessRows } from './repositories/users.ts';
import type { Tokens } from './security.ts';
import type { SiteKeys } from './site-keys.ts';
import type { SiteSightings } from './site-sightings.ts';
import type { ScreenshotStorage } from './storage.ts';
import type { UnansweredQuestions } from './unanswered-questions.ts';

export type Schemas = components['schemas'];
export type OperationId = keyof operations;

type JsonBodyOf<T> = T extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : T extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B
    : undefined;
type PathOf<T> = T extends { parameters: { path: infer P } } ? P : Record<string, never>;
// Query parameters that are all optional come as `query?: {…}`; an operation without any as `query?: never`.
type QueryOf<T> = T extends { parameters: { query: infer Q } }
  ? Q
  : T extends { parameters: { query?: infer Q } }
    ? [NonNullable<Q>] extends [never]
      ? Record<string, never>
      : NonNullable<Q>
    : Record<string, never>;

type SuccessCode = 200 | 201 | 204;
type ResponsesOf<K extends OperationId> = operations[K]['responses'];
type ContentOf<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;

/** What a handler answers: one of the operation's success codes with the body the contract gives it. */
export type Result<K extends OperationId> = {
  [S in keyof ResponsesOf<K> & SuccessCode]: {
    status: S;
    body: ContentOf<ResponsesOf<K>[S]>;
    /** The version answered as the strong `ETag` (operations whose success documents one). */
    etag?: number;
  };
}[keyof ResponsesOf<K> & SuccessCode];

/** Raw bytes (screenshots) with their content type. */
export interface RawResult {
  status: 200;
  raw: Buffer;
  contentType: string;
}

export interface Services {
  config: Config;
  db: Db;
  tokens: Tokens;
  /** Sends the mails queued with queueMail; wake it after the transaction that queued one commits. */
  outbox: OutboxWorker;
  storage: ScreenshotStorage;
  /** Failed-login and auth-request limits, shared by every replica through the database. */
  limits: RateLimits;
  /** The public calls' limits, per client address and per site key: counted in memory, shared every second. */
  publicCounts: PublicCounts;
  /** Bodies of conditional reads this replica computed, by the content tag they were read at. */
  reads: ReadCache;
  /** The projects site keys name, held a second (the public calls). */
  siteKeys: SiteKeys<Site>;
  /** When each project's sites last called the public API (the project page's installation status). */
  siteSightings: SiteSightings;
  /** When each project's pages last identified their user (the "Démarrage" card). */
  identifySightings: IdentifySightings;
  /** The access check's rows kept while nothing was written (a database only this process writes); else null. */
  accessRows: AccessRows | null;
  /** The assistant's questions answered with no confident guide, written about once a second (issue 42). */
  unansweredQuestions: UnansweredQuestions;
  log: FastifyBaseLogger;
}

export interface Caller {
  user: UserRow;
  /** The verified organization of this request (organization-scoped operations). */
  organizationId: string | null;
  /** The caller's role there; null for a platform administrator who is not a member. */
  role: RoleName | null;
  /** That organization's content version, read with the membership (conditional reads); null without one. */
  contentVersion: string | null;
}

/** The project a public call's site key named (issue 39): its row and its organization's content version. */
export type Site = ProjectRow & { content_version: string };

export interface Request<K extends OperationId> {
  body: JsonBodyOf<operations[K]>;
  params: PathOf<operations[K]>;
  query: QueryOf<operations[K]>;
  /** The request body as bytes (image uploads). */
  rawBody: Buffer | undefined;
  contentType: string | undefined;
  /** The raw `If-Match` header; `expectedVersions` reads it. */
  ifMatch: string | undefined;
  locale: Locale;
  ip: string;
  caller: Caller | null;
  /** The site key's project, for the public calls (plugins/app/site.ts); null on every other call. */
  site: Site | null;
  /** The request's logger: every line carries its request id. */
  log: FastifyBaseLogger;
}

export type Handler<K extends OperationId> = (
  services: Services,
  request: Request<K>,
) => Promise<Result<K> | (K extends 'getStepScreenshot' | 'getRunIssueScreenshot' ? RawResult : never)>;

export type Handlers = { [K in OperationId]: Handler<K> };

/**
 * Who may call an operation. public: anyone; user: any signed-in user; member: a member of the organization named
 * by x-organization-id (or a platform administrator); admin: an Admin of that organization (or a platform
 * administrator).
 */
export type Access = 'public' | 'user' | 'member' | 'admin';
