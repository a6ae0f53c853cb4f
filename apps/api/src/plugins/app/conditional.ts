// Conditional reads (ETag, 304, this replica's copy of the body) and the content version that members' content writes
// move.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { OperationRules } from '../../contract.ts';
import { HttpProblem, type Locale } from '../../problems.ts';
import { bumpContentVersion } from '../../repositories/organizations.ts';
import type { Caller, OperationId, RawResult, Services, Site } from '../../types.ts';

/**
 * The reads the back-office and the extension repeat, whose body depends only on the organization's content (and
 * the caller's role and locale): answered with an ETag made from the organization's content version, 304 when
 * the client already holds it, and from this replica's memory when it already computed it at that version.
 */
export const conditionalReads = new Set<OperationId>([
  'listProjects',
  'getProject',
  'listCategories',
  'getCategory',
  'listScenarios',
  'getCatalogue',
]);

/**
 * Conditional reads whose body also depends on the time: the projects' "modified in the last 7 days" count moves
 * as days pass without any write, so their tag (and held copy) lasts at most until the hour changes.
 */
const timeDependent = new Set<OperationId>(['listProjects']);
const currentHour = () => String(Math.floor(Date.now() / 3_600_000));

/** The strong entity tag of a conditional read: the version, and a digest of what else the body depends on. */
export function contentTag(caller: Caller, locale: Locale, period = ''): string | null {
  if (caller.contentVersion === null || caller.organizationId === null) return null;
  const input = `${caller.organizationId}|${caller.role ?? '-'}|${caller.user.is_admin}|${locale}|${period}`;
  return `"c${caller.contentVersion}-${digestOf(input)}"`;
}

/**
 * The public reads a customer's site repeats for its end users (issue 39): tagged like the members' reads, by the
 * key's project's organization's content version, and kept by browsers a minute before they revalidate.
 */
const publicReads = new Set<OperationId>(['getPublicCatalogue', 'getPublicScenario', 'getPublicStart']);

function siteTag(site: Site, locale: Locale): string {
  return `"c${site.content_version}-${digestOf(`site|${site.id}|${locale}`)}"`;
}

const digests = new Map<string, string>();

function digestOf(input: string): string {
  let digest = digests.get(input);
  if (digest === undefined) {
    digest = createHash('sha256').update(input).digest('hex').slice(0, 12);
    // A few per organization or site (roles × locales): bounded all the same.
    if (digests.size >= 10_000) digests.clear();
    digests.set(input, digest);
  }
  return digest;
}

/** Whether an If-None-Match header names the tag (weak comparison, as RFC 9110 asks for If-None-Match). */
export function noneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header.split(',').some((item) => {
    const candidate = item.trim().replace(/^W\//, '');
    return candidate === '*' || candidate === tag;
  });
}

/**
 * The writes that change what the conditional reads (and the assistant's index of guides) show: projects,
 * categories, guides, steps and their screenshots, prerequisites, members, and the organization's name. Only these
 * move the content version.
 */
export const contentWrites = new Set<OperationId>([
  'createProject',
  'updateProject',
  'deleteProject',
  'createCategory',
  'updateCategory',
  'deleteCategory',
  'createScenario',
  'updateScenario',
  'deleteScenario',
  'updateScenarioStatus',
  'replacePrerequisites',
  'updateStartRule',
  'createStep',
  'updateStep',
  'deleteStep',
  'reorderSteps',
  'putStepScreenshot',
  'deleteStepScreenshot',
  'inviteMember',
  'updateMemberRole',
  'deleteMemberRole',
  'cancelInvitation',
  'resendInvitation',
  'leaveOrganization',
  // (the organization's name is in the reads that show it, e.g. invitations)
  'renameOrganization',
  // (a project's site key is in the project reads)
  'rotateSiteKey',
]);

/**
 * A member's writes that change none of that: runs and their issues (every end user's play is one), assistant
 * questions (and their clearing) and team searches (POSTs that write nothing a read shows). Moving the version on them would invalidate
 * every ETag and held body of the organization many times a minute.
 */
export const otherWrites = new Set<OperationId>([
  'createRun',
  'updateRun',
  'putRunIssueScreenshot',
  'askAssistant',
  'filterMembers',
  // (the assistant's questions without a guide are in no conditional read)
  'clearUnansweredQuestions',
]);

type Answer = { status: number; body?: unknown; etag?: number } | RawResult;

/**
 * The route handler around an operation's handler (`run`): conditional reads answered from their tag, and the
 * organization's content version moved after a content write of a member.
 */
export function respond(
  services: Services,
  operationId: OperationId,
  rules: OperationRules,
  run: (request: FastifyRequest) => Promise<Answer>,
) {
  const conditional = conditionalReads.has(operationId);
  const organizationScoped = rules.access === 'member' || rules.access === 'admin';
  // Every write of an organization is one or the other: a new operation left out would either leave stale bodies
  // served or invalidate them all for nothing, so the boot stops until it is placed.
  if (
    organizationScoped &&
    rules.method !== 'get' &&
    rules.method !== 'head' &&
    !contentWrites.has(operationId) &&
    !otherWrites.has(operationId)
  )
    throw new Error(`${operationId}: say in plugins/app/conditional.ts whether it writes content`);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // Read in the access hook, before the body is: a body is never newer-tagged than its content.
    const site = publicReads.has(operationId) ? request.site : null;
    const tag = site
      ? siteTag(site, request.locale)
      : conditional && request.caller
        ? contentTag(request.caller, request.locale, timeDependent.has(operationId) ? currentHour() : '')
        : null;
    const cacheKey = `${request.url}\n${site ? `site:${site.id}` : request.caller?.organizationId}\n${tag}`;
    if (tag) {
      reply.header('etag', tag).header('cache-control', site ? 'public, max-age=60' : 'private, no-cache');
      if (noneMatch(request.headers['if-none-match'], tag)) return reply.code(304).send();
      const held = services.reads.get(cacheKey, tag);
      if (held !== undefined) return reply.code(200).type('application/json; charset=utf-8').send(held);
    }
    const writes = organizationScoped && contentWrites.has(operationId);
    const organizationId = request.caller?.organizationId;
    let result: Answer;
    try {
      result = await run(request);
    } catch (error) {
      // A refusal (4xx) changed nothing, and must not even invalidate the organization's cached reads; any other
      // failure may have committed part of the change.
      const refused = error instanceof HttpProblem && error.status < 500;
      if (writes && organizationId && !refused) await contentChanged(services, organizationId, request.log);
      throw error;
    }
    if (writes && organizationId && result.status < 400)
      await contentChanged(services, organizationId, request.log);
    if (tag && !('raw' in result) && result.status === 200) {
      reply.code(200);
      // The route's own serializer (from the contract's schema): the bytes the uncached answer would carry.
      const payload = String(
        reply.serializeInput(result.body as Record<string, unknown>, '200', 'application/json'),
      );
      services.reads.set(cacheKey, tag, payload);
      return reply.type('application/json; charset=utf-8').send(payload);
    }
    return answer(reply, result);
  };
}

/** A content write went through: every read tagged before it is stale, and so is what this replica holds of keys. */
async function contentChanged(services: Services, organizationId: string, log: FastifyBaseLogger) {
  await bumpContentVersion(services.db, organizationId, log);
  services.siteKeys.forget();
}

function answer(reply: FastifyReply, result: Answer) {
  if ('raw' in result) {
    return reply
      .code(result.status)
      .type(result.contentType)
      .header('cache-control', 'private, no-cache')
      .send(result.raw);
  }
  reply.code(result.status);
  // A strong validator: the version changes with every change of the representation.
  if (result.etag !== undefined) reply.header('etag', `"${result.etag}"`);
  return result.status === 204 ? reply.send() : reply.send(result.body);
}
