// What a host that reaches Mulot by a project's site key shares (the embed snippet, the extension deployed by an
// organization's policy): the public calls as the reader's transport, and the site's own storage for the end
// user's progress, visitor id and completed guides. One visitor is one visitor whichever of the two plays the guide.
import type { Api } from '@mulot/api-client';
import type { ReaderStorage, ReaderTransport } from './host';
import { markCompleted, markSeen } from './start-history.ts';

const VISITOR_KEY = 'mulot:visitor';
const COMPLETED_KEY = 'mulot:completed';

/** A random UUID v4 (crypto.randomUUID needs a secure context, which a site served over http is not). */
function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The end user's visitor id: random, in the site's localStorage (no cookie), never linked to a person; only the
 * visitor who started a run may update it. Without storage (a sandboxed page), one per page load.
 */
let visitor: string | null = null;
function visitorId(): string {
  if (visitor) return visitor;
  try {
    const stored = localStorage.getItem(VISITOR_KEY);
    visitor = stored && /^[0-9a-f-]{36}$/.test(stored) ? stored : randomUuid();
    if (visitor !== stored) localStorage.setItem(VISITOR_KEY, visitor);
  } catch {
    visitor ??= randomUuid();
  }
  return visitor;
}

/**
 * The public calls, by site key (the API checks that this page's origin is one of the project's sites). `source`
 * names the host, for the guides' statistics: the embed snippet or the extension deployed by browser policy.
 */
export function siteKeyTransport(api: Api, key: string, source: 'embed' | 'extension'): ReaderTransport {
  const required = <T>(data: T | undefined): T => {
    if (data === undefined) throw new TypeError('empty answer');
    return data;
  };
  return {
    catalogue: async (url) =>
      required((await api.GET('/public/catalogue', { params: { query: { key, url } } })).data),
    scenario: async (id) =>
      required((await api.GET('/public/scenarios/{id}', { params: { path: { id }, query: { key } } })).data),
    assistant: async (query, url) =>
      required((await api.POST('/public/assistant', { body: { key, url, query } })).data),
    startRun: async (scenarioId, url) =>
      (
        await api.POST('/public/runs', {
          body: {
            key,
            scenarioId,
            visitorId: visitorId(),
            source,
            status: 'started',
            url,
            stepsCompleted: 0,
          },
        })
      ).data?.id ?? null,
    updateRun: async (_scenarioId, runId, update) => {
      // (no screenshot of an end user's page is ever taken)
      const { stepIssues } = update;
      await api.PATCH('/public/runs/{runId}', {
        params: { path: { runId } },
        body: {
          key,
          visitorId: visitorId(),
          ...(update.status ? { status: update.status } : {}),
          ...(update.stepsCompleted !== undefined ? { stepsCompleted: update.stepsCompleted } : {}),
          ...(stepIssues ? { stepIssues } : {}),
        },
      });
    },
  };
}

function readList(key: string): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Progress in the site's sessionStorage under `progressKey` (this tab, across its page loads); completed guides in
 * its localStorage, and what the start rules remember of the visitor — or of the identified user, `subject()` (a
 * hash of the site's user id, see ./identify.ts) — in both (./start-history.ts).
 */
export function siteStorage(progressKey: string, subject: () => string | null = () => null): ReaderStorage {
  return {
    save: async (progress) => {
      try {
        if (progress) sessionStorage.setItem(progressKey, JSON.stringify(progress));
        else sessionStorage.removeItem(progressKey);
      } catch {
        // without storage a full page load starts over: the guide still plays on this page
      }
    },
    completed: async () => readList(COMPLETED_KEY),
    markSeen: async (scenarioId) => markSeen(subject(), scenarioId),
    markCompleted: async (scenarioId) => {
      markCompleted(subject(), scenarioId);
      try {
        const done = readList(COMPLETED_KEY).filter((id) => id !== scenarioId);
        localStorage.setItem(COMPLETED_KEY, JSON.stringify([...done, scenarioId].slice(-200)));
      } catch {
        // the prerequisite prompt shows again next time
      }
    },
  };
}
