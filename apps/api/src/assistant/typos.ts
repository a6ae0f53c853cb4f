// Typos: an unknown query word read as the closest word of the guides (pg_trgm's similarity and a few edits).
import { maxStems } from './query.ts';

/** Trigram similarity (pg_trgm) from which an unknown query word is read as a word of a title or step name. */
const typoSimilarity = 0.45;

/** pg_trgm's similarity: shared trigrams of the padded words over all their trigrams. */
const trigramMemo = new Map<string, Set<string>>();
function trigrams(word: string): Set<string> {
  let set = trigramMemo.get(word);
  if (!set) {
    const padded = `  ${word} `;
    set = new Set<string>();
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
    if (trigramMemo.size > maxStems) trigramMemo.clear();
    trigramMemo.set(word, set);
  }
  return set;
}
export function similarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}

/**
 * Optimal string alignment distance (Levenshtein with transpositions, each one edit), stopping early past `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (prev2[j - 2] as number) + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > limit) return limit + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length] as number;
}

/** The edits a typo may make in a word of this length: one in a short word, two from 5 letters, three from 9. */
const typoEdits = (length: number) => (length <= 4 ? 1 : length <= 8 ? 2 : 3);

/**
 * For each word found in no guide, the closest word of the guides' texts in scope, if it is a likely typo of it:
 * similar by trigrams (pg_trgm's measure) and a few edits away ("navigateur" shares trigrams with "naviguer" but is
 * another word).
 */
export function corrections(vocabularyWords: readonly string[], words: string[]): Map<string, string> {
  const candidates = words.filter((w) => w.length >= 4 && !/^\d+$/.test(w));
  const fixes = new Map<string, string>();
  if (candidates.length === 0) return fixes;
  for (const word of candidates) {
    let best: string | undefined;
    let bestSimilarity = typoSimilarity;
    for (const v of vocabularyWords) {
      const s = similarity(word, v);
      if (s < bestSimilarity) continue;
      if (editDistance(word, v, typoEdits(word.length)) > typoEdits(word.length)) continue;
      // The most similar word; among equals, the first in alphabetical order (stable answers).
      if (s > bestSimilarity || (s === bestSimilarity && (best === undefined || v < best))) {
        best = v;
        bestSimilarity = s;
      }
    }
    if (best !== undefined) fixes.set(word, best);
  }
  return fixes;
}
