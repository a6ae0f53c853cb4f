import { ApiError } from '@mulot/api-client';
import { browser } from 'wxt/browser';
import { directApi } from '../client';
import { type Locale, translator } from '../intl';
import { checkLaunch, type Launch, resolveUrl, type Session, samePage } from '../launch';
import type { LaunchAnswer, Message, ProxiedResponse, PublicSession, TabState } from '../messages';

type Sender = { tab?: { id?: number; windowId?: number; url?: string }; id?: string };

const SESSION_KEY = 'session';

export async function getSession(): Promise<Session | null> {
  const stored = await browser.storage.local.get(SESSION_KEY);
  return (stored[SESSION_KEY] as Session | undefined) ?? null;
}

export async function setSession(session: Session | null): Promise<void> {
  if (session) await browser.storage.local.set({ [SESSION_KEY]: session });
  else await browser.storage.local.remove(SESSION_KEY);
}

const TRUSTED_KEY = 'trustedOrigins';
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

/** Origins the user allowed to launch the extension (the back-office), or signed in to from the popup. */
export async function isTrusted(origin: string): Promise<boolean> {
  const stored = await browser.storage.local.get(TRUSTED_KEY);
  return ((stored[TRUSTED_KEY] as string[] | undefined) ?? []).includes(origin);
}

export async function trust(origin: string): Promise<void> {
  const stored = await browser.storage.local.get(TRUSTED_KEY);
  const origins = new Set((stored[TRUSTED_KEY] as string[] | undefined) ?? []);
  origins.add(origin);
  await browser.storage.local.set({ [TRUSTED_KEY]: [...origins] });
}

interface PendingApproval {
  origin: string;
  locale: Locale;
  decide(allow: boolean): void;
}
const approvals = new Map<string, PendingApproval>();
const APPROVAL_TIMEOUT_MS = 120_000;

/**
 * Any page can post a launch naming its own origin as the API: the first launch from an origin therefore asks the
 * user, in an extension window the page cannot script, whether that origin is their Mulot back-office.
 */
async function askApproval(origin: string, locale: Locale): Promise<boolean> {
  const id = crypto.randomUUID();
  const created = await browser.windows.create({
    url: browser.runtime.getURL(`/approve.html#${id}`),
    type: 'popup',
    width: 460,
    height: 340,
    focused: true,
  });
  const allowed = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => decide(false), APPROVAL_TIMEOUT_MS);
    const onRemoved = (windowId: number) => {
      if (windowId === created?.id) decide(false);
    };
    browser.windows.onRemoved.addListener(onRemoved);
    function decide(allow: boolean) {
      clearTimeout(timer);
      browser.windows.onRemoved.removeListener(onRemoved);
      approvals.delete(id);
      resolve(allow);
    }
    approvals.set(id, { origin, locale, decide });
  });
  if (created?.id !== undefined) await browser.windows.remove(created.id).catch(() => undefined);
  if (allowed) await trust(origin);
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
  switch (message.kind) {
    case 'launch':
      return launch(message.data, message.origin, sender.tab);
    case 'session': {
      const session = await getSession();
      if (!session) return null;
      const { token: _token, ...visible } = session;
      return visible satisfies PublicSession;
    }
    case 'fetch':
      return proxyFetch(message);
    case 'tab-state:get':
      return tabId === undefined ? null : stateForTab(tabId, sender.tab?.url);
    case 'tab-state:set':
      if (tabId !== undefined) await setTabState(tabId, message.state);
      return { ok: true };
    case 'start':
      await setTabState(message.tabId, message.state);
      await browser.tabs.sendMessage(message.tabId, { kind: 'restart' }).catch(() => undefined);
      return { ok: true };
    case 'screenshot:put':
      return putScreenshot(sender, message.scenarioId, message.stepId);
    case 'screenshot:get':
      return getScreenshot(message.scenarioId, message.stepId);
    case 'issue-screenshot:put':
      return putIssueScreenshot(sender, message);
    case 'approval:get': {
      const pending = approvals.get(message.id);
      return pending ? { origin: pending.origin, locale: pending.locale } : null;
    }
    case 'approval:answer':
      approvals.get(message.id)?.decide(message.allow);
      return { ok: true };
    default:
      return { error: 'unknown message' };
  }
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
  if (!(await isTrusted(origin)) && !(await askApproval(origin, locale))) return fail(t('launch.denied'));
  let url: string;
  try {
    const resolved = await resolveTarget(request);
    if (!resolved.ok) return fail(t(resolved.error));
    url = resolved.url;
  } catch (error) {
    return fail(error instanceof ApiError ? error.message : t('common.network'));
  }
  await setSession(await withEmail(request.session));
  const state: TabState =
    request.mode === 'creator'
      ? {
          mode: 'creator',
          ...(request.projectId ? { projectId: request.projectId } : {}),
          ...(request.categoryId ? { categoryId: request.categoryId } : {}),
          ...(request.scenarioId ? { scenarioId: request.scenarioId } : {}),
          ...(request.stepId ? { stepId: request.stepId } : {}),
          ...(request.recapture ? { recapture: true } : {}),
        }
      : { mode: 'reader', ...(request.scenarioId ? { scenarioId: request.scenarioId } : {}) };
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

/** Fetches what is needed to check the launch (a scenario's steps, a project's sites) with the handed session. */
async function resolveTarget(request: Launch) {
  const api = directApi(request.session);
  const needsScenario = request.scenarioId && (request.mode === 'reader' || !request.url);
  let steps: Array<{ id: string; url: string }> | undefined;
  let projectSites: string[] | undefined;
  if (needsScenario && request.scenarioId) {
    const { data } = await api.GET('/scenarios/{id}', { params: { path: { id: request.scenarioId } } });
    steps = data?.steps.map((s) => ({ id: s.id, url: s.url }));
    projectSites = data?.category.project.sites;
  } else if (!request.url && request.projectId) {
    const { data } = await api.GET('/projects/{id}', { params: { path: { id: request.projectId } } });
    projectSites = data?.sites;
  }
  return resolveUrl(request, { ...(steps ? { steps } : {}), ...(projectSites ? { projectSites } : {}) });
}

async function proxyFetch(
  message: Extract<Message, { kind: 'fetch' }>,
): Promise<ProxiedResponse | { error: string }> {
  const session = await getSession();
  if (!session) return { error: 'no session' };
  // the proxy only ever talks to the session's API: it is not a way to send the token elsewhere
  if (!message.url.startsWith(`${session.apiBase}/`)) return { error: 'forbidden url' };
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

async function putScreenshot(sender: Sender, scenarioId: string, stepId: string): Promise<{ ok: boolean }> {
  const session = await getSession();
  if (!session || sender.tab?.windowId === undefined) return { ok: false };
  return putCapture(session, sender.tab.windowId, screenshotUrl(session, scenarioId, stepId));
}

/** Captures the visible tab of the window and PUTs it (PNG) to a screenshot URL of the API. */
async function putCapture(session: Session, windowId: number, url: string): Promise<{ ok: boolean }> {
  const dataUrl = await captureVisibleTab(windowId);
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
  if (!session || sender.tab?.windowId === undefined) return { ok: false };
  try {
    const path = [ids.scenarioId, 'runs', ids.runId, 'issues', ids.issueId].map(encodeURIComponent).join('/');
    return await putCapture(session, sender.tab.windowId, `${session.apiBase}/scenarios/${path}/screenshot`);
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
