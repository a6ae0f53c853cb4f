import { browser } from 'wxt/browser';
import { managedAddress, managedSiteKeys, toOrigin } from '../store';

const ID = 'mulot-end-user';
/** Where the sites of the policy's keys are remembered (storage.session: the background's and extension pages' only). */
const SITES_KEY = 'endUserSites';
/** The alarm that asks again for the keys' sites: a project's sites change in the back-office, not in the policy. */
export const END_USER_ALARM = 'mulot-end-user-sites';

/** Each origin where end users are offered guides, with the site key that names its project. */
export interface EndUserSite {
  origin: string;
  siteKey: string;
}

/**
 * The end users' content script (the launcher and the reader by site key) runs on the sites of the projects whose
 * keys the organization's policy lists, and nowhere else: the background asks the Mulot address for each key's sites
 * (`GET /public/sites`, a question about the key, never about a page the user visits), then registers the script on
 * those origins only. Again at start-up, when the policy changes, and on an hourly alarm.
 */
/**
 * At the service worker's start: the sites are asked only when this browser session has not asked yet (its first
 * start, or the extension installed or updated). A service worker starts again after every idle half-minute, woken by
 * any page's content script: asking then would tell the server when the user browses.
 */
export async function registerEndUserOnce(): Promise<void> {
  if (!(SITES_KEY in (await browser.storage.session.get(SITES_KEY)))) await registerEndUser();
  // created once: creating it again would push its first run back at every start of the service worker
  if (!(await browser.alarms.get(END_USER_ALARM)))
    await browser.alarms.create(END_USER_ALARM, { periodInMinutes: 60 });
}

export function registerEndUser(): Promise<void> {
  // one registration at a time: the start-up's, a change's and the alarm's would otherwise race for the same id
  queue = queue.then(register, register);
  return queue;
}
let queue: Promise<void> = Promise.resolve();

async function register(): Promise<void> {
  const keys = await managedSiteKeys();
  // the policy's own address only: the keys are the organization's, the address a user may type is not
  const address = keys.length ? await managedAddress() : null;
  const sites = address ? await sitesOf(address, keys) : [];
  // a key whose sites could not be read (the server unreachable) keeps the sites it had: a flaky network at start-up
  // must not take the guides away until the next alarm
  await browser.storage.session.set({ [SITES_KEY]: sites });
  const existing = await browser.scripting.getRegisteredContentScripts({ ids: [ID] });
  if (existing.length) await browser.scripting.unregisterContentScripts({ ids: [ID] });
  if (!sites.length) return;
  await browser.scripting.registerContentScripts([
    {
      id: ID,
      js: ['content-scripts/end-user.js'],
      matches: [...new Set(sites.flatMap((site) => matchesOf(site.origin)))],
      runAt: 'document_idle',
      persistAcrossSessions: false,
    },
  ]);
}

/**
 * A site's host as the API matches a page or an Origin on it (scheme, port, case and a leading "www." aside), so
 * that the extension offers guides on the very pages the snippet would.
 */
export function siteHost(origin: string): string | null {
  try {
    return new URL(origin).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** The pages of a site's host, by http or https and on any port (a pattern without a port matches every port). */
function matchesOf(origin: string): string[] {
  const host = siteHost(origin);
  if (!host) return [];
  // a name, not an address: its "www." twin is the same site
  const named = /[a-z]/.test(host.split('.').at(-1) ?? '') && host.includes('.');
  return named ? [`*://${host}/*`, `*://www.${host}/*`] : [`*://${host}/*`];
}

async function sitesOf(address: string, keys: string[]): Promise<EndUserSite[]> {
  const before = await endUserSites();
  const found: EndUserSite[] = [];
  for (const siteKey of keys) {
    let origins: string[] | null = null;
    try {
      const response = await fetch(`${address}/api/public/sites?key=${encodeURIComponent(siteKey)}`, {
        credentials: 'omit',
        cache: 'no-store',
      });
      if (response.ok) {
        const body = (await response.json()) as { sites?: unknown };
        origins = Array.isArray(body.sites) ? body.sites.map(toOrigin).filter((o): o is string => !!o) : [];
      } else if (response.status === 404) origins = []; // a rotated or unknown key: its sites are offered no more
    } catch {
      // the server unreachable: below
    }
    const kept = origins ?? before.filter((site) => site.siteKey === siteKey).map((site) => site.origin);
    // one project per origin: the first key of the policy that names it
    for (const origin of kept)
      if (!found.some((site) => site.origin === origin)) found.push({ origin, siteKey });
  }
  return found;
}

export async function endUserSites(): Promise<EndUserSite[]> {
  const stored = (await browser.storage.session.get(SITES_KEY))[SITES_KEY];
  return Array.isArray(stored) ? (stored as EndUserSite[]) : [];
}
