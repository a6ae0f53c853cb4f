// Which guide starts by itself on this page (issue 42): the one decision, made on the page by every host — the embed
// snippet's loader and the extension deployed by policy — from the catalogue's start rules and what this browser
// remembers of the visitor. Pure: no storage, no network, no timer; the hosts gather the inputs and act on the answer
// (./auto-start.ts).
import type { Schemas } from '@mulot/api-client';
import {
  compilePagePattern,
  matchesPage,
  mayMatch,
  type Page,
  type PagePattern,
  pageOf,
} from '@mulot/api-client/page-pattern';

export type StartRule = Schemas['StartRule'];
export type AudienceRule = Schemas['AudienceRule'];

/** What the site passed to `mulot('identify', { id, attributes })`. */
export type Attributes = Readonly<Record<string, string | number | boolean>>;

/** A published guide of the page's catalogue, with its rule (`CatalogueEntry`). */
export interface StartGuide {
  id: string;
  startRule: StartRule;
}

/** What this browser remembers of the visitor (or of the identified user) for each guide. */
export interface StartHistory {
  /** shown here before: started, its prerequisite prompt shown, or dismissed (dismissing counts as seen) */
  seen: ReadonlySet<string>;
  /** played to the end here */
  completed: ReadonlySet<string>;
  /** shown during this visit (the tab's session on the site) */
  seenThisVisit: ReadonlySet<string>;
}

export interface StartSituation {
  /** the page the user is on */
  url: string;
  /** the catalogue's guides, in its order: of several that may start, the first does */
  guides: readonly StartGuide[];
  history: StartHistory;
  /** the identified user's attributes; null when the site did not identify its user */
  attributes: Attributes | null;
  /** the guide in progress in this tab (its run or its prerequisite prompt), if any */
  inProgress: string | null;
  /** the reader's panel is open (the catalogue, the assistant, a congratulation): the user is busy with it */
  readerOpen?: boolean;
}

export type StartDecision =
  | { kind: 'none' }
  /** a guide in progress wins: nothing else starts (the host resumes it) */
  | { kind: 'in-progress'; guideId: string }
  /** this guide starts after `delayMs` (its prerequisite prompt first, when they are not done) */
  | { kind: 'start'; guideId: string; delayMs: number };

const compiled = new Map<string, PagePattern | null>();

/** A stored pattern, compiled once per page (a guide's rule is read at each decision). */
function patternOf(source: string): PagePattern | null {
  let pattern = compiled.get(source);
  if (pattern === undefined) {
    pattern = compilePagePattern(source);
    if (compiled.size >= 10_000) compiled.clear();
    compiled.set(source, pattern);
  }
  return pattern;
}

/** Whether one of the rule's page patterns matches the page (`pageOf(url)`, read once for every guide). */
export function pageMatches(rule: StartRule, page: Page): boolean {
  return rule.pages.some((source) => {
    // most patterns of a catalogue are ruled out by their text: only the others are compiled
    if (!mayMatch(source, page)) return false;
    const pattern = patternOf(source);
    return pattern !== null && matchesPage(pattern, page);
  });
}

/** One audience rule against the identified user's attributes. */
function holds(rule: AudienceRule, attributes: Attributes): boolean {
  const value = Object.hasOwn(attributes, rule.attribute) ? attributes[rule.attribute] : undefined;
  const text = value === undefined ? '' : String(value);
  switch (rule.operator) {
    case 'is-set':
      return text !== '';
    case 'equals':
      return value !== undefined && text === (rule.value ?? '');
    case 'contains':
      return value !== undefined && text.toLowerCase().includes((rule.value ?? '').toLowerCase());
    default:
      return false;
  }
}

/** Every audience rule holds (none: everyone); a user the site did not identify matches no rule. */
export function audienceHolds(rule: StartRule, attributes: Attributes | null): boolean {
  if (rule.audience.length === 0) return true;
  return attributes !== null && rule.audience.every((one) => holds(one, attributes));
}

/** Whether the rule's frequency lets the guide show again to this visitor now. */
export function frequencyAllows(rule: StartRule, guideId: string, history: StartHistory): boolean {
  switch (rule.frequency) {
    case 'once':
      return !history.seen.has(guideId);
    case 'until-completed':
      return !history.completed.has(guideId) && !history.seenThisVisit.has(guideId);
    case 'every-visit':
      return !history.seenThisVisit.has(guideId);
    default:
      return false;
  }
}

/** Which guide starts now on this page, if any. Never two guides at once: a guide in progress wins. */
export function decideStart(situation: StartSituation): StartDecision {
  if (situation.inProgress) return { kind: 'in-progress', guideId: situation.inProgress };
  if (situation.readerOpen) return { kind: 'none' };
  let page: Page;
  try {
    page = pageOf(new URL(situation.url));
  } catch {
    return { kind: 'none' };
  }
  for (const guide of situation.guides) {
    const rule = guide.startRule;
    if (
      rule.mode === 'automatic' &&
      frequencyAllows(rule, guide.id, situation.history) &&
      audienceHolds(rule, situation.attributes) &&
      pageMatches(rule, page)
    )
      return { kind: 'start', guideId: guide.id, delayMs: Math.max(0, rule.delaySeconds) * 1000 };
  }
  return { kind: 'none' };
}
