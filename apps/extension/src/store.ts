import { browser } from 'wxt/browser';
import type { Locale } from './intl';
import type { Session } from './launch';

// What the extension keeps, and where. The session (its token) is in storage.session, which the background restricts
// to the extension's own pages and service worker (setAccessLevel TRUSTED_CONTEXTS): content scripts never read it.
// The Mulot address and the origins the user allowed are in storage.local, restricted the same way where Chromium
// supports it; an organization's policy (storage.managed) sets the address instead of the user.

const SESSION_KEY = 'session';
const ADDRESS_KEY = 'mulotAddress';
const SITE_KEYS_KEY = 'siteKeys';
const TRUSTED_KEY = 'trustedOrigins';
/** Set when the API refused the session's token: the popup then asks to sign in again, and says why. */
const EXPIRED_KEY = 'sessionExpired';

export async function getSession(): Promise<Session | null> {
  const stored = await browser.storage.session.get(SESSION_KEY);
  return (stored[SESSION_KEY] as Session | undefined) ?? null;
}

export async function setSession(session: Session | null): Promise<void> {
  if (session) {
    await browser.storage.session.set({ [SESSION_KEY]: session });
    await browser.storage.session.remove(EXPIRED_KEY);
  } else await browser.storage.session.remove(SESSION_KEY);
}

/** The API refused the session (signed out elsewhere, password changed): it is dropped, and the user told so. */
/** The session was refused (401): forgotten, and remembered as ended in its language, which the sign-in keeps. */
export async function expireSession(): Promise<void> {
  const locale = (await getSession())?.locale ?? 'fr';
  await browser.storage.session.remove(SESSION_KEY);
  await browser.storage.session.set({ [EXPIRED_KEY]: locale });
}

/** The language of a session that ended (refused by the server), or null when none did. */
export async function sessionExpired(): Promise<Locale | null> {
  const value = (await browser.storage.session.get(EXPIRED_KEY))[EXPIRED_KEY];
  return value === 'en' || value === 'fr' ? value : null;
}

/** The content scripts of the tabs in a mode look at their state again (their panels close or come back). */
export async function restartTabsInModes(): Promise<void> {
  const all = await browser.storage.session.get(null);
  for (const key of Object.keys(all)) {
    const tabId = Number(key.slice('tab:'.length));
    if (key.startsWith('tab:') && Number.isInteger(tabId))
      await browser.tabs.sendMessage(tabId, { kind: 'restart' }).catch(() => undefined);
  }
}

/** An http(s) address as its origin, or null. */
export function toOrigin(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The address set by the organization's policy (`mulotAddress` in storage.managed), if any. Chromium's first read
 * of the policy store can take seconds: `waitMs` bounds the wait where a later change event corrects the answer.
 */
export async function managedAddress(waitMs = Number.POSITIVE_INFINITY): Promise<string | null> {
  try {
    const read = browser.storage.managed.get(ADDRESS_KEY).then((managed) => toOrigin(managed[ADDRESS_KEY]));
    if (!Number.isFinite(waitMs)) return await read;
    return await Promise.race([read, new Promise<null>((done) => setTimeout(() => done(null), waitMs))]);
  } catch {
    // no policy store (e.g. outside a managed browser)
    return null;
  }
}

/**
 * The site keys set by the organization's policy (`siteKeys` in storage.managed): the projects whose published
 * guides every user of the browser is offered on their sites, without an account. Only the policy sets them.
 */
export async function managedSiteKeys(): Promise<string[]> {
  try {
    const value = (await browser.storage.managed.get(SITE_KEYS_KEY))[SITE_KEYS_KEY];
    if (!Array.isArray(value)) return [];
    const keys = value.filter(
      (k): k is string => typeof k === 'string' && /^mlt_pk_[A-Za-z0-9_-]{32,100}$/.test(k),
    );
    return [...new Set(keys)];
  } catch {
    // no policy store (e.g. outside a managed browser)
    return [];
  }
}

/** The one Mulot address (an origin) the extension talks to: the policy's, else the one the user set, else null. */
export async function mulotAddress(managedWaitMs?: number): Promise<string | null> {
  const managed = await managedAddress(managedWaitMs);
  if (managed) return managed;
  const stored = await browser.storage.local.get(ADDRESS_KEY);
  return toOrigin(stored[ADDRESS_KEY]);
}

/**
 * Sets the Mulot address (the options page, or the popup's sign-in). A session or trust from another origin does
 * not survive the change.
 */
export async function setMulotAddress(address: string): Promise<void> {
  const origin = toOrigin(address);
  if (!origin) throw new Error('invalid address');
  await browser.storage.local.set({ [ADDRESS_KEY]: origin });
  const session = await getSession();
  if (session && toOrigin(session.apiBase) !== origin) await setSession(null);
  for (const trusted of await trustedOrigins()) if (trusted !== origin) await revoke(trusted);
}

export async function trustedOrigins(): Promise<string[]> {
  const stored = await browser.storage.local.get(TRUSTED_KEY);
  return (stored[TRUSTED_KEY] as string[] | undefined) ?? [];
}

export async function isTrusted(origin: string): Promise<boolean> {
  return (await trustedOrigins()).includes(origin);
}

export async function trust(origin: string): Promise<void> {
  const origins = new Set(await trustedOrigins());
  origins.add(origin);
  await browser.storage.local.set({ [TRUSTED_KEY]: [...origins] });
}

/** Forgets an allowed origin, and its session. */
export async function revoke(origin: string): Promise<void> {
  const origins = (await trustedOrigins()).filter((o) => o !== origin);
  await browser.storage.local.set({ [TRUSTED_KEY]: origins });
  const session = await getSession();
  if (session && toOrigin(session.apiBase) === origin) await setSession(null);
}

/** Signing out: the session, the allowed origins' sessions and every tab's guide state go. */
export async function signOut(): Promise<void> {
  await setSession(null);
  await browser.storage.session.remove(EXPIRED_KEY);
  const all = await browser.storage.session.get(null);
  const tabs = Object.keys(all).filter((key) => key.startsWith('tab:') || key === 'pendingLaunch');
  // the panels of the tabs that were in a mode close on their next look at the tab's state
  const ids = tabs.map((key) => Number(key.slice('tab:'.length))).filter(Number.isInteger);
  if (tabs.length) await browser.storage.session.remove(tabs);
  for (const tabId of ids) await browser.tabs.sendMessage(tabId, { kind: 'restart' }).catch(() => undefined);
}
