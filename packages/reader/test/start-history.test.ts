// What a site's browser remembers for the start rules: per identified user (or the visitor), ever and this visit.
import { beforeEach, describe, expect, it } from 'vitest';
import { markCompleted, markSeen, readHistory } from '../src/start-history.ts';

class MemoryStorage {
  #items = new Map<string, string>();
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
}

beforeEach(() => {
  Object.assign(globalThis, { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });
});

const list = (set: ReadonlySet<string>) => [...set].sort();

describe('start history', () => {
  it('keeps each identified user apart from the visitor, and a visit apart from what came before', () => {
    markSeen(null, 'a');
    markSeen('5f1c', 'b');
    markCompleted('5f1c', 'c');
    expect(list(readHistory(null).seen)).toEqual(['a']);
    expect(list(readHistory('5f1c').seen)).toEqual(['b', 'c']);
    expect(list(readHistory('5f1c').completed)).toEqual(['c']);
    // the visit is the tab's, whoever is identified in it
    expect(list(readHistory('other').seenThisVisit)).toEqual(['a', 'b', 'c']);
    Object.assign(globalThis, { sessionStorage: new MemoryStorage() });
    expect(list(readHistory('5f1c').seenThisVisit)).toEqual([]);
    expect(list(readHistory('5f1c').seen)).toEqual(['b', 'c']);
  });

  it('never turns a completed guide back into one only seen', () => {
    markCompleted(null, 'a');
    markSeen(null, 'a');
    expect(list(readHistory(null).completed)).toEqual(['a']);
  });

  it('reads a broken or missing storage as an empty history', () => {
    localStorage.setItem('mulot:history', '{not json');
    expect(readHistory(null).seen.size).toBe(0);
    Object.assign(globalThis, { localStorage: undefined, sessionStorage: undefined });
    expect(() => markSeen(null, 'a')).not.toThrow();
    expect(readHistory(null).seen.size).toBe(0);
  });
});
