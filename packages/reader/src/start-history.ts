// What a site's browser remembers of a visitor for the start rules (issue 42): per guide, shown or completed, ever
// (the site's localStorage) and during this visit (its sessionStorage: the tab's session on the site). Kept apart per
// identified user — the `subject`, a SHA-256 of the site's user id, never the id itself — so that two users of one
// browser each see a "once" guide once; a visitor the site did not identify is `visitor`.
import type { StartHistory } from './start-rules.ts';

const HISTORY_KEY = 'mulot:history';
const VISIT_KEY = 'mulot:visit';
export const VISITOR_SUBJECT = 'visitor';

/** Per subject, per guide: 1 shown, 2 completed (completing shows it too). */
type Stored = Record<string, Record<string, 1 | 2>>;

const MAX_SUBJECTS = 20;
const MAX_GUIDES = 500;

function readStored(): Stored {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(HISTORY_KEY) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Stored) : {};
  } catch {
    return {};
  }
}

function readVisit(): string[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(VISIT_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The history of `subject` (null: the visitor) in this browser. Without storage, an empty one. */
export function readHistory(subject: string | null): StartHistory {
  const guides = readStored()[subject ?? VISITOR_SUBJECT] ?? {};
  const seen = new Set<string>();
  const completed = new Set<string>();
  for (const [id, state] of Object.entries(guides)) {
    seen.add(id);
    if (state === 2) completed.add(id);
  }
  return { seen, completed, seenThisVisit: new Set(readVisit()) };
}

function record(subject: string | null, guideId: string, state: 1 | 2): void {
  try {
    const stored = readStored();
    const key = subject ?? VISITOR_SUBJECT;
    const guides = stored[key] ?? {};
    // the most recent last: what is dropped beyond the bounds is the oldest
    const next = Math.max(state, guides[guideId] ?? 0) as 1 | 2;
    delete guides[guideId];
    guides[guideId] = next;
    const ids = Object.keys(guides);
    for (const old of ids.slice(0, Math.max(0, ids.length - MAX_GUIDES))) delete guides[old];
    delete stored[key];
    stored[key] = guides;
    const subjects = Object.keys(stored);
    for (const old of subjects.slice(0, Math.max(0, subjects.length - MAX_SUBJECTS))) delete stored[old];
    localStorage.setItem(HISTORY_KEY, JSON.stringify(stored));
  } catch {
    // without storage the rule cannot remember: a "once" guide may show again at the next page load
  }
  try {
    const visit = readVisit().filter((id) => id !== guideId);
    sessionStorage.setItem(VISIT_KEY, JSON.stringify([...visit, guideId].slice(-MAX_GUIDES)));
  } catch {
    // idem, for this visit
  }
}

/** The guide was shown (started, its prerequisite prompt shown): dismissing it later changes nothing to that. */
export function markSeen(subject: string | null, guideId: string): void {
  record(subject, guideId, 1);
}

export function markCompleted(subject: string | null, guideId: string): void {
  record(subject, guideId, 2);
}
