// The one decision of which guide starts by itself (issue 42), as both hosts make it on the page.
import { describe, expect, it } from 'vitest';
import {
  type Attributes,
  decideStart,
  type StartGuide,
  type StartHistory,
  type StartRule,
  type StartSituation,
} from '../src/start-rules.ts';

const automatic = (rule: Partial<StartRule> = {}): StartRule => ({
  mode: 'automatic',
  pages: ['/factures/*'],
  frequency: 'once',
  delaySeconds: 0,
  audience: [],
  ...rule,
});
const none: StartHistory = { seen: new Set(), completed: new Set(), seenThisVisit: new Set() };
const page = 'https://shop.example.com/factures/12';

function decide(guides: StartGuide[], more: Partial<StartSituation> = {}) {
  return decideStart({ url: page, guides, history: none, attributes: null, inProgress: null, ...more });
}

describe('decideStart', () => {
  it('starts an automatic guide on a matching page, after its delay', () => {
    expect(decide([{ id: 'a', startRule: automatic({ delaySeconds: 3 }) }])).toEqual({
      kind: 'start',
      guideId: 'a',
      delayMs: 3000,
    });
  });

  it('starts nothing on another page, nor a manual guide', () => {
    expect(
      decide([{ id: 'a', startRule: automatic() }], { url: 'https://shop.example.com/avoirs/1' }),
    ).toEqual({
      kind: 'none',
    });
    expect(decide([{ id: 'a', startRule: automatic({ mode: 'manual' }) }])).toEqual({ kind: 'none' });
  });

  it('lets a guide in progress win, and starts nothing while the reader is open', () => {
    const guides = [{ id: 'a', startRule: automatic() }];
    expect(decide(guides, { inProgress: 'b' })).toEqual({ kind: 'in-progress', guideId: 'b' });
    expect(decide(guides, { readerOpen: true })).toEqual({ kind: 'none' });
  });

  it('starts the first of several in the catalogue order, the next once the first may no longer start', () => {
    const guides = [
      { id: 'first', startRule: automatic() },
      { id: 'second', startRule: automatic() },
    ];
    expect(decide(guides)).toMatchObject({ guideId: 'first' });
    const history = { ...none, seen: new Set(['first']) };
    expect(decide(guides, { history })).toMatchObject({ guideId: 'second' });
  });

  it('follows each frequency (dismissing counts as seen)', () => {
    const history = (seen: string[], completed: string[], visit: string[]): StartHistory => ({
      seen: new Set(seen),
      completed: new Set(completed),
      seenThisVisit: new Set(visit),
    });
    const kind = (frequency: StartRule['frequency'], h: StartHistory) =>
      decide([{ id: 'a', startRule: automatic({ frequency }) }], { history: h }).kind;
    // seen in an earlier visit and dismissed (seen, not completed)
    const earlier = history(['a'], [], []);
    expect([kind('once', earlier), kind('until-completed', earlier), kind('every-visit', earlier)]).toEqual([
      'none',
      'start',
      'start',
    ]);
    // seen during this visit
    const now = history(['a'], [], ['a']);
    expect([kind('once', now), kind('until-completed', now), kind('every-visit', now)]).toEqual([
      'none',
      'none',
      'none',
    ]);
    // completed in an earlier visit
    const done = history(['a'], ['a'], []);
    expect([kind('once', done), kind('until-completed', done), kind('every-visit', done)]).toEqual([
      'none',
      'none',
      'start',
    ]);
  });

  it('checks every audience rule against the identified user, and matches no rule for an anonymous one', () => {
    const rule = automatic({
      audience: [
        { attribute: 'plan', operator: 'equals', value: 'pro' },
        { attribute: 'role', operator: 'contains', value: 'COMPTA' },
        { attribute: 'email', operator: 'is-set' },
      ],
    });
    const kind = (attributes: Attributes | null) =>
      decide([{ id: 'a', startRule: rule }], { attributes }).kind;
    expect(kind({ plan: 'pro', role: 'chef-comptable', email: 'a@b.fr' })).toBe('start');
    expect(kind({ plan: 'pro', role: 'chef-comptable', email: '' })).toBe('none');
    expect(kind({ plan: 'Pro', role: 'chef-comptable', email: 'a@b.fr' })).toBe('none');
    expect(kind({ plan: 'pro', role: 'vendeur', email: 'a@b.fr' })).toBe('none');
    expect(kind({ plan: 'pro', role: 'comptable' })).toBe('none');
    expect(kind(null)).toBe('none');
    // numbers and booleans compare as text
    const typed = automatic({
      audience: [
        { attribute: 'seats', operator: 'equals', value: '12' },
        { attribute: 'trial', operator: 'equals', value: 'true' },
      ],
    });
    expect(decide([{ id: 'a', startRule: typed }], { attributes: { seats: 12, trial: true } }).kind).toBe(
      'start',
    );
    // an inherited property is no attribute
    const own = automatic({ audience: [{ attribute: 'toString', operator: 'is-set' }] });
    expect(decide([{ id: 'a', startRule: own }], { attributes: {} }).kind).toBe('none');
    // no rule: everyone, identified or not
    expect(decide([{ id: 'a', startRule: automatic() }], { attributes: null }).kind).toBe('start');
  });

  it('matches full addresses by host and ignores patterns that are none', () => {
    const guides = [
      { id: 'broken', startRule: automatic({ pages: ['factures'] }) },
      { id: 'other-site', startRule: automatic({ pages: ['https://intranet.example.com/factures/*'] }) },
      { id: 'this-site', startRule: automatic({ pages: ['https://www.shop.example.com/factures/*'] }) },
    ];
    expect(decide(guides)).toMatchObject({ kind: 'start', guideId: 'this-site' });
    expect(decide(guides, { url: 'not a url' })).toEqual({ kind: 'none' });
  });
});
