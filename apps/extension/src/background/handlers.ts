import { ApiError, allProjects } from '@mulot/api-client';
import { browser } from 'wxt/browser';
import { directApi } from '../client';
import { type Locale, toLocale, translator } from '../intl';
import { checkLaunch, type Launch, onSites, resolveUrl, type Session, samePage } from '../launch';
import type {
  EndUserAnswer,
  LaunchAnswer,
  Message,
  ProxiedResponse,
  PublicSession,
  TabState,
} from '../messages';
import {
  expireSession,
  getSession,
  isTrusted,
  managedAddress,
  mulotAddress,
  setSession,
  signOut,
  toOrigin,
  trust,
} from '../store';
import { endUserSites, siteHost } from './end-user';
import { isPanelOperation } from './operations';

export { getSession, isTrusted, setSession, trust };

interface Sender {
  tab?: { id?: number; windowId?: number; url?: string; active?: boolean };
  id?: string;
  url?: string;
  origin?: string;
  frameId?: number;
}

const PENDING_KEY = 'pendingLaunch';
const PENDING_TTL_MS = 15_000;

interface PendingLaunch {
  url: string;
  state: TabState;
  at: number;
}

/** The tab's state, or the launch being opened on this very page a moment ago (see launch()). */
async function stateForTab(tabId: number, tabUrl: string | undefined): Promise<TabState | null> {
  const state = await getTabState(tabId);
  if (state) return state;
  const stored = await browser.storage.session.get(PENDING_KEY);
  const pending = stored[PENDING_KEY] as PendingLaunch | undefined;
  if (!pending || !tabUrl || Date.now() - pending.at > PENDING_TTL_MS || !samePage(pending.url, tabUrl))
    return null;
  await setTabState(tabId, pending.state);
  await browser.storage.session.remove(PENDING_KEY);
  return pending.state;
}

/**
 * The tab's state as its content script may see it: only on a page of the mode's project's sites. Elsewhere the
 * mode waits (the panel does not mount), and the page it left is kept to tell the user, on return, where the guide
 * was paused.
 */
async function visibleState(tabId: number, url: string | undefined): Promise<TabState | null> {
  const state = await stateForTab(tabId, url);
  if (!state) return null;
  if (!onSites(url, state.sites)) {
    if (!state.pausedOn && state.lastPage) await setTabState(tabId, { ...state, pausedOn: state.lastPage });
    return null;
  }
  const { pausedOn, ...rest } = state;
  await setTabState(tabId, { ...rest, lastPage: url as string });
  return pausedOn ? { ...rest, pausedOn } : rest;
}

/** The tab's state when the sender is a content script of a tab in a mode, on its project's sites; else null. */
async function modeOfSender(sender: Sender): Promise<TabState | null> {
  const tabId = sender.tab?.id;
  if (tabId === undefined || sender.frameId !== 0) return null;
  const state = await getTabState(tabId);
  return state && onSites(sender.tab?.url, state.sites) ? state : null;
}

/**
 * The end users' reader on a site of the policy's keys: for the top page of a tab on one of those origins (as the
 * browser reports it), and not while the tab is in a member's mode (the member's panels are there instead).
 */
async function endUserConfig(sender: Sender, locale: Locale): Promise<EndUserAnswer | null> {
  const tabId = sender.tab?.id;
  if (tabId === undefined || sender.frameId !== 0) return null;
  const origin = sender.origin ?? toOrigin(sender.url);
  const host = origin ? siteHost(origin) : null;
  const site = (await endUserSites()).find((s) => host !== null && siteHost(s.origin) === host);
  if (!site || (await getTabState(tabId))) return null;
  const address = await managedAddress();
  if (!address) return null;
  const t = translator(locale);
  const texts = { open: t('launcher.open'), label: t('launcher.label') };
  return { apiBase: `${address}/api`, siteKey: site.siteKey, locale, texts };
}

/** Whether the sender is the extension page `path` (the consent window, the popup), not a content script. */
function fromPage(sender: Sender, path: string): boolean {
  if (!sender.url) return false;
  try {
    const url = new URL(sender.url);
    return url.origin === new URL(browser.runtime.getURL('/')).origin && url.pathname === path;
  } catch {
    return false;
  }
}

interface PendingApproval {
  origin: string;
  locale: Locale;
  decide(allow: boolean): void;
}
const approvals = new Map<string, PendingApproval>();
const APPROVAL_TIMEOUT_MS = 120_000;
/** After a refusal, launches from the origin are refused without asking again for this long. */
export const HOLD_OFF_MS = 5_000;
const refusedAt = new Map<string, number>();

/**
 * The first launch from the Mulot address asks the user, in an extension window no page can script, whether it is
 * their Mulot back-office: at most one window at a time per origin, and none for a while after a refusal.
 */
async function askApproval(origin: string, locale: Locale): Promise<boolean> {
  if ([...approvals.values()].some((pending) => pending.origin === origin)) return false;
  if (Date.now() - (refusedAt.get(origin) ?? Number.NEGATIVE_INFINITY) < HOLD_OFF_MS) return false;
  const id = crypto.randomUUID();
  let decide: (allow: boolean) => void = () => {};
  const answered = new Promise<boolean>((resolve) => {
    decide = resolve;
  });
  // registered before the window exists: a second launch meanwhile finds it pending
  approvals.set(id, { origin, locale, decide: (allow) => decide(allow) });
  const created = await browser.windows.create({
    url: browser.runtime.getURL(`/approve.html#${id}`),
    type: 'popup',
    width: 460,
    height: 340,
    focused: true,
  });
  const timer = setTimeout(() => decide(false), APPROVAL_TIMEOUT_MS);
  const onRemoved = (windowId: number) => {
    if (windowId === created?.id) decide(false);
  };
  browser.windows.onRemoved.addListener(onRemoved);
  const allowed = await answered;
  clearTimeout(timer);
  browser.windows.onRemoved.removeListener(onRemoved);
  approvals.delete(id);
  if (created?.id !== undefined) await browser.windows.remove(created.id).catch(() => undefined);
  if (allowed) await trust(origin);
  else refusedAt.set(origin, Date.now());
  return allowed;
}

async function getTabState(tabId: number): Promise<TabState | null> {
  const key = `tab:${tabId}`;
  const stored = await browser.storage.session.get(key);
  return (stored[key] as TabState | undefined) ?? null;
}

async function setTabState(tabId: number, state: TabState | null): Promise<void> {
  const key = `tab:${tabId}`;
  if (state) await browser.storage.session.set({ [key]: state });
  else await browser.storage.session.remove(key);
}

export async function handleMessage(message: Message, sender: Sender): Promise<unknown> {
  // only this extension's own scripts and pages talk to the background
  if (sender.id !== browser.runtime.id) return { error: 'forbidden' };
  const tabId = sender.tab?.id;
  const forbidden = { error: 'forbidden' };
  switch (message.kind) {
    case 'launch':
      // from the launcher content script of a tab's top page, whose origin the browser (not the message) tells
      if (tabId === undefined || sender.frameId !== 0) return forbidden;
      return launch(message.data, sender.origin ?? toOrigin(sender.url) ?? '', sender.tab);
    case 'session': {
      if (!(await modeOfSender(sender)) && !fromPage(sender, '/popup.html')) return null;
      const session = await getSession();
      if (!session) return null;
      const { token: _token, ...visible } = session;
      return visible satisfies PublicSession;
    }
    case 'fetch':
      if (!(await modeOfSender(sender))) return forbidden;
      return proxyFetch(message);
    case 'tab-state:get':
      return tabId === undefined || sender.frameId !== 0 ? null : visibleState(tabId, sender.tab?.url);
    case 'tab-state:set': {
      const current = await modeOfSender(sender);
      if (tabId === undefined || !current) return forbidden;
      // a content script moves within its mode, never to other sites: the sites stay those the background set
      if (message.state) await setTabState(tabId, { ...message.state, sites: current.sites });
      else await setTabState(tabId, null);
      return { ok: true };
    }
    case 'start':
      if (!fromPage(sender, '/popup.html')) return forbidden;
      return start(message.tabId, message.state);
    case 'screenshot:put':
      return putScreenshot(sender, message.scenarioId, message.stepId);
    case 'screenshot:get':
      if (!(await modeOfSender(sender))) return { dataUrl: null };
      return getScreenshot(message.scenarioId, message.stepId);
    case 'issue-screenshot:put':
      return putIssueScreenshot(sender, message);
    case 'approval:get': {
      if (!fromPage(sender, '/approve.html')) return null;
      const pending = approvals.get(message.id);
      return pending ? { origin: pending.origin, locale: pending.locale } : null;
    }
    case 'approval:answer':
      if (!fromPage(sender, '/approve.html')) return forbidden;
      approvals.get(message.id)?.decide(message.allow);
      return { ok: true };
    case 'sign-in':
      // a panel whose session the API refused: the popup's sign-in, in a tab beside it
      if (!(await modeOfSender(sender))) return forbidden;
      await browser.tabs.create({
        url: browser.runtime.getURL('/popup.html'),
        active: true,
        ...(sender.tab?.id !== undefined ? { openerTabId: sender.tab.id } : {}),
        ...(sender.tab?.windowId !== undefined ? { windowId: sender.tab.windowId } : {}),
      });
      return { ok: true };
    case 'sign-out':
      if (!fromPage(sender, '/popup.html') && !fromPage(sender, '/options.html')) return forbidden;
      await signOut();
      return { ok: true };
    case 'completed:get':
      return (await modeOfSender(sender)) ? completedGuides() : [];
    case 'completed:add':
      if (await modeOfSender(sender)) await markCompleted(message.scenarioId);
      return { ok: true };
    case 'end-user':
      return endUserConfig(sender, toLocale(message.locale));
    default:
      return { error: 'unknown message' };
  }
}

const COMPLETED_KEY = 'completedGuides';

/** The guides played to the end in this browser (their prerequisite prompt is not shown again). */
async function completedGuides(): Promise<string[]> {
  const stored = await browser.storage.local.get(COMPLETED_KEY);
  const list: unknown = stored[COMPLETED_KEY];
  return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
}

async function markCompleted(id: string): Promise<void> {
  const list = await completedGuides();
  if (!list.includes(id)) await browser.storage.local.set({ [COMPLETED_KEY]: [...list, id].slice(-500) });
}

/** The popup starts a guide on its window's tab: the state carries the guide's project's sites. */
async function start(tabId: number, requested: TabState): Promise<{ ok: boolean }> {
  const session = await getSession();
  if (!session || requested.mode !== 'reader' || !requested.scenarioId) return { ok: false };
  const { data } = await directApi(session).GET('/scenarios/{id}', {
    params: { path: { id: requested.scenarioId } },
  });
  if (!data) return { ok: false };
  await setTabState(tabId, { mode: 'reader', scenarioId: data.id, sites: data.category.project.sites });
  await browser.tabs.sendMessage(tabId, { kind: 'restart' }).catch(() => undefined);
  return { ok: true };
}

async function launch(data: unknown, origin: string, from?: Sender['tab']): Promise<LaunchAnswer> {
  const check = checkLaunch(data, origin);
  const locale = check.ok
    ? check.launch.session.locale
    : (data as { locale?: string } | null)?.locale === 'en'
      ? 'en'
      : 'fr';
  const t = translator(locale);
  const fail = (detail: string): LaunchAnswer => ({ ok: false, error: t('launch.error'), detail });
  if (!check.ok) return fail(t(check.error));
  const request = check.launch;
  // one Mulot address, set by the user (options) or the organization (policy): no other page launches, and none
  // opens a window to ask
  const address = await mulotAddress();
  if (!address) return fail(t('launch.noAddress'));
  if (origin !== address) return fail(t('launch.notMulot'));
  if (!(await isTrusted(origin)) && !(await askApproval(origin, locale))) return fail(t('launch.denied'));
  let url: string;
  let sites: string[];
  try {
    const resolved = await resolveTarget(request);
    if (!resolved.ok) return fail(t(resolved.error));
    url = resolved.url;
    sites = resolved.sites;
  } catch (error) {
    return fail(error instanceof ApiError ? error.message : t('common.network'));
  }
  // a session from another origin never replaces the current one (the address changed since: it was cleared)
  const current = await getSession();
  if (current && toOrigin(current.apiBase) !== origin) return fail(t('launch.notMulot'));
  await setSession(await withEmail(request.session));
  const state: TabState =
    request.mode === 'creator'
      ? {
          mode: 'creator',
          sites,
          ...(request.projectId ? { projectId: request.projectId } : {}),
          ...(request.categoryId ? { categoryId: request.categoryId } : {}),
          ...(request.scenarioId ? { scenarioId: request.scenarioId } : {}),
          ...(request.stepId ? { stepId: request.stepId } : {}),
          ...(request.recapture ? { recapture: true } : {}),
        }
      : { mode: 'reader', sites, ...(request.scenarioId ? { scenarioId: request.scenarioId } : {}) };
  // the tab opens straight on the page (no about:blank step); the state is bound to it as soon as its id is known,
  // and a content script that asks before that finds it as the pending launch of its URL
  await browser.storage.session.set({
    [PENDING_KEY]: { url, state, at: Date.now() } satisfies PendingLaunch,
  });
  const tab = await browser.tabs.create({
    url,
    active: true,
    ...(from?.windowId !== undefined ? { windowId: from.windowId } : {}),
    ...(from?.id !== undefined ? { openerTabId: from.id } : {}),
  });
  if (tab.id === undefined) return fail(t('common.unknown'));
  if (!(await getTabState(tab.id))) await setTabState(tab.id, state);
  await browser.storage.session.remove(PENDING_KEY);
  return { ok: true };
}

/** The back-office hands over no email: ask the API whose session it is, for the popup's "Connecté : …" line. */
async function withEmail(session: Session): Promise<Session> {
  if (session.email) return session;
  const email = await directApi(session)
    .GET('/users/me')
    .then(({ data }) => data?.email)
    .catch(() => undefined);
  return email ? { ...session, email } : session;
}

/**
 * Fetches what is needed to check the launch with the handed session: a scenario's steps, and the sites of the
 * project the mode belongs to (a reader on the catalogue: every project's sites).
 */
async function resolveTarget(
  request: Launch,
): Promise<
  | { ok: true; url: string; sites: string[] }
  | { ok: false; error: Parameters<ReturnType<typeof translator>>[0] }
> {
  const api = directApi(request.session);
  let steps: Array<{ id: string; url: string }> | undefined;
  let sites: string[] = [];
  if (request.scenarioId) {
    const { data } = await api.GET('/scenarios/{id}', { params: { path: { id: request.scenarioId } } });
    if (request.mode === 'reader' || !request.url) steps = data?.steps.map((s) => ({ id: s.id, url: s.url }));
    sites = data?.category.project.sites ?? [];
  } else if (request.projectId) {
    const { data } = await api.GET('/projects/{id}', { params: { path: { id: request.projectId } } });
    sites = data?.sites ?? [];
  } else {
    // Every page: the list is paged, and a site of the last project counts as much as one of the first.
    sites = (await allProjects(api)).flatMap((project) => project.sites);
  }
  const resolved = resolveUrl(request, { ...(steps ? { steps } : {}), projectSites: sites });
  return resolved.ok ? { ...resolved, sites } : resolved;
}

async function proxyFetch(
  message: Extract<Message, { kind: 'fetch' }>,
): Promise<ProxiedResponse | { error: string }> {
  const session = await getSession();
  if (!session) return { error: 'no session' };
  // the proxy only ever sends the panels' own operations to the session's API: it is not a way to send the token
  // elsewhere, nor to call the rest of the API as the member
  if (!isPanelOperation(session.apiBase, message.method, message.url))
    return { error: 'forbidden operation' };
  const headers: Record<string, string> = {
    Authorization: `Bearer ${session.token}`,
    'x-organization-id': session.organizationId,
    'x-locale': session.locale,
  };
  if (message.contentType) headers['content-type'] = message.contentType;
  if (message.ifMatch) headers['if-match'] = message.ifMatch;
  try {
    const response = await fetch(message.url, {
      method: message.method,
      headers,
      ...(message.body !== null ? { body: message.body } : {}),
    });
    if (response.status === 401) await expireSession();
    return {
      status: response.status,
      statusText: response.statusText,
      contentType: response.headers.get('content-type'),
      body: await response.text(),
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function screenshotUrl(session: Session, scenarioId: string, stepId: string): string {
  return `${session.apiBase}/scenarios/${encodeURIComponent(scenarioId)}/steps/${encodeURIComponent(stepId)}/screenshot`;
}

/**
 * The window to capture, when a capture shows what the guide shows: the sender is a tab in `mode` (the creator
 * captures a step, the reader a step it could not find: neither sends the other's), on its project's sites, and the
 * active tab of the focused window (else the capture would be of another tab: the user's webmail).
 */
async function capturableWindow(sender: Sender, mode: TabState['mode']): Promise<number | null> {
  const tab = sender.tab;
  if (tab?.id === undefined || tab.windowId === undefined || (await modeOfSender(sender))?.mode !== mode)
    return null;
  // another window in front (the user moved on): not what the guide shows. No window focused at all (the browser
  // behind another application) still captures the tab's own window, whose active tab is checked next.
  const focused = await browser.windows.getLastFocused().catch(() => null);
  if (focused?.focused && focused.id !== tab.windowId) return null;
  const [active] = await browser.tabs.query({ active: true, windowId: tab.windowId });
  if (active?.id !== tab.id || !onSites(active.url, (await getTabState(tab.id))?.sites)) return null;
  return tab.windowId;
}

async function putScreenshot(sender: Sender, scenarioId: string, stepId: string): Promise<{ ok: boolean }> {
  const session = await getSession();
  const windowId = await capturableWindow(sender, 'creator');
  if (!session || windowId === null) return { ok: false };
  return putCapture(session, windowId, screenshotUrl(session, scenarioId, stepId), sender.tab?.id);
}

/** Captures the visible tab of the window and PUTs it (PNG) to a screenshot URL of the API. */
async function putCapture(
  session: Session,
  windowId: number,
  url: string,
  tabId: number | undefined,
): Promise<{ ok: boolean }> {
  const dataUrl = await captureVisibleTab(windowId);
  // the user may have switched tabs while the capture was taken: then it is not the guide's page, and is dropped
  const [active] = await browser.tabs.query({ active: true, windowId });
  if (active?.id !== tabId) return { ok: false };
  const bytes = await (await fetch(dataUrl)).blob();
  const response = await fetch(url, {
    method: 'PUT',
    headers: {
      Authorization: `Bearer ${session.token}`,
      'x-organization-id': session.organizationId,
      'x-locale': session.locale,
      'content-type': 'image/png',
    },
    body: bytes,
  });
  return { ok: response.ok };
}

/**
 * The page as the end user sees it when the player cannot find a step's target (or only with low confidence),
 * attached to the run's issue so that the author sees what changed (guide health).
 */
async function putIssueScreenshot(
  sender: Sender,
  ids: { scenarioId: string; runId: string; issueId: string },
): Promise<{ ok: boolean }> {
  const session = await getSession();
  // otherwise the issue stays without its screenshot ("Capture non disponible" in guide health)
  const windowId = await capturableWindow(sender, 'reader');
  if (!session || windowId === null) return { ok: false };
  try {
    const path = [ids.scenarioId, 'runs', ids.runId, 'issues', ids.issueId].map(encodeURIComponent).join('/');
    return await putCapture(
      session,
      windowId,
      `${session.apiBase}/scenarios/${path}/screenshot`,
      sender.tab?.id,
    );
  } catch {
    // a tab that cannot be captured (e.g. not visible) leaves the issue without its screenshot
    return { ok: false };
  }
}

/** Chromium allows two captures per second: an author saving steps quickly waits instead of losing the image. */
async function captureVisibleTab(windowId: number): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await browser.tabs.captureVisibleTab(windowId, { format: 'png' });
    } catch (error) {
      if (attempt >= 4 || !/quota|MAX_CAPTURE/i.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 600));
    }
  }
}

/** The step's screenshot as a data URL (a customer page cannot load it from the API: it needs the token). */
async function getScreenshot(scenarioId: string, stepId: string): Promise<{ dataUrl: string | null }> {
  const session = await getSession();
  if (!session) return { dataUrl: null };
  const response = await fetch(screenshotUrl(session, scenarioId, stepId), {
    headers: { Authorization: `Bearer ${session.token}`, 'x-organization-id': session.organizationId },
  });
  if (!response.ok) return { dataUrl: null };
  const type = response.headers.get('content-type') ?? 'image/png';
  const bytes = new Uint8Array(await response.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { dataUrl: `data:${type};base64,${btoa(binary)}` };
}
