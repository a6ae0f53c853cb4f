import { withScheme } from '@mulot/api-client/site';
import { sameOriginAndPath } from '@mulot/player';
import type { Locale, MessageKey } from './intl';
import { toLocale } from './intl';

/** `type` of the message the back-office posts to launch the extension (see README "Launch protocol"). */
export const LAUNCH_MESSAGE = 'mulot:launch';
/** `type` of the extension's answer, posted back to the launching page. */
export const LAUNCH_RESULT_MESSAGE = 'mulot:launch-result';

export type Mode = 'reader' | 'creator';

/** The session the back-office hands over: the extension calls the API with it, as the back-office would. */
export interface Session {
  apiBase: string;
  token: string;
  organizationId: string;
  locale: Locale;
  email?: string;
}

export interface Launch {
  session: Session;
  mode: Mode;
  /** normalized (a bare host got `https://`); null when the back-office left it to the extension to resolve */
  url: string | null;
  projectId?: string;
  categoryId?: string;
  scenarioId?: string;
  stepId?: string;
  /** creator on stepId: start capturing its target again straight away */
  recapture?: boolean;
}

export type LaunchCheck = { ok: true; launch: Launch } | { ok: false; error: MessageKey };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** Adds a scheme to a URL without one (spec §5, `withScheme`) and keeps only http(s) pages. */
export function normalizeUrl(value: string): string | null {
  const raw = value.trim();
  // `javascript:…` and `mailto:…` keep their scheme (and are refused below); `localhost:5174` has none.
  const full = /^[a-z][a-z0-9+.-]*:/i.test(raw) && !/^[^/:]+:\d+(\/|$)/.test(raw) ? raw : withScheme(raw);
  try {
    const url = new URL(full);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.href;
  } catch {
    return null;
  }
}

/** The API root (ending in /api) as an absolute http(s) URL without trailing slash, or null. */
export function normalizeApiBase(value: unknown): string | null {
  const raw = text(value);
  if (!raw) return null;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.href.replace(/\/+$/, '');
  } catch {
    return null;
  }
}

/**
 * Validates a launch message posted by a page of `origin` (spec §5 "Extension launch"). Only the origin of
 * `apiBase` may launch: the back-office and the API share it, and no other page may hand the extension a session.
 */
export function checkLaunch(data: unknown, origin: string): LaunchCheck {
  if (!data || typeof data !== 'object') return { ok: false, error: 'launch.error' };
  const message = data as Record<string, unknown>;
  if (message.type !== LAUNCH_MESSAGE) return { ok: false, error: 'launch.error' };
  const apiBase = normalizeApiBase(message.apiBase);
  if (!apiBase) return { ok: false, error: 'launch.apiBase' };
  if (new URL(apiBase).origin !== origin) return { ok: false, error: 'launch.origin' };
  const token = text(message.token);
  const organizationId = text(message.organizationId);
  if (!token || !organizationId || !UUID.test(organizationId)) return { ok: false, error: 'launch.session' };
  const mode = message.mode;
  if (mode !== 'reader' && mode !== 'creator') return { ok: false, error: 'launch.mode' };

  const ids: Partial<Record<'projectId' | 'categoryId' | 'scenarioId' | 'stepId', string>> = {};
  for (const key of ['projectId', 'categoryId', 'scenarioId', 'stepId'] as const) {
    const value = text(message[key]);
    if (value === undefined) continue;
    if (!UUID.test(value)) return { ok: false, error: 'launch.error' };
    ids[key] = value;
  }
  // an existing guide is edited by its scenarioId; a new one needs where to put it
  if (mode === 'creator' && !ids.scenarioId && !(ids.projectId && ids.categoryId))
    return { ok: false, error: 'launch.newGuide' };

  if (message.recapture !== undefined && message.recapture !== true && message.recapture !== false)
    return { ok: false, error: 'launch.error' };
  const recapture = message.recapture === true && mode === 'creator' && Boolean(ids.stepId);

  let url: string | null = null;
  const rawUrl = text(message.url);
  if (rawUrl) {
    url = normalizeUrl(rawUrl);
    if (!url) return { ok: false, error: 'launch.urlInvalid' };
  } else if (!ids.projectId && !ids.scenarioId) {
    // nothing to derive a page from
    return { ok: false, error: 'launch.url' };
  }

  return {
    ok: true,
    launch: {
      session: { apiBase, token, organizationId, locale: toLocale(message.locale) },
      mode,
      url,
      ...ids,
      ...(recapture ? { recapture: true } : {}),
    },
  };
}

export interface ResolveContext {
  /** the launch's project (new guide) or the scenario's project: its sites */
  projectSites?: string[];
  /** the existing scenario's steps, in order */
  steps?: Array<{ id: string; url: string }>;
}

export type UrlResolution = { ok: true; url: string } | { ok: false; error: MessageKey };

/** A step's page: a path alone (`/tarifs.html`, as the API keeps it) is on the project's site, not a host. */
function stepPage(url: string, site: string | undefined): string | null {
  const text = url.trim();
  if (!/^\/(?![/\\])/.test(text)) return normalizeUrl(text);
  return site ? new URL(text, site).href : null;
}

/**
 * Where to open the tab when the back-office gave no URL: the chosen step's page, else the first step's, else the
 * project's first site. A reader launch on a scenario without steps is refused ("Ce scénario ne contient aucune étape").
 */
export function resolveUrl(launch: Launch, context: ResolveContext): UrlResolution {
  if (launch.mode === 'reader' && launch.scenarioId && context.steps && context.steps.length === 0)
    return { ok: false, error: 'launch.noSteps' };
  if (launch.url) return { ok: true, url: launch.url };
  const step = context.steps?.find((s) => s.id === launch.stepId) ?? context.steps?.[0];
  const site = context.projectSites?.map(normalizeUrl).find((s) => s !== null);
  const fromStep = step?.url ? stepPage(step.url, site) : null;
  if (fromStep) return { ok: true, url: fromStep };
  if (site) return { ok: true, url: site };
  if (launch.scenarioId) return { ok: false, error: 'launch.urlNotFound' };
  return { ok: false, error: 'launch.noSite' };
}

/** Same page (for the runner and the launch): scheme, host and path (query and hash are often session noise). */
export const samePage = sameOriginAndPath;

function siteHost(value: string): string | null {
  const url = normalizeUrl(value);
  return url ? new URL(url).host.toLowerCase().replace(/^www\./, '') : null;
}

/**
 * Whether a page is on one of the project's sites, matched as the API matches its catalogue: the host, ignoring
 * case, a leading `www.` and the scheme. Only http(s) pages are on a site.
 */
export function onSites(url: string | undefined, sites: readonly string[] | undefined): boolean {
  if (!url || !sites?.length || !/^https?:/i.test(url)) return false;
  const host = siteHost(url);
  return host !== null && sites.some((site) => siteHost(site) === host);
}
