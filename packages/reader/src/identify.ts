// `mulot('identify', { id, attributes })` (issue 42): who the site's user is, for the start rules' audience. The id
// is hashed (SHA-256, with the site key, so that it links nothing across sites) before anything keeps it, and is
// never sent; the attributes stay in the page's memory for its page view. Both are bounded.
import type { Attributes } from './start-rules.ts';

export interface Identity {
  /** SHA-256 of the site key and the user's id, hex; null where the page cannot hash (not a secure context) */
  subject: string | null;
  attributes: Attributes;
}

export const IDENTIFY_LIMITS = { id: 256, attributes: 50, name: 100, value: 1000 } as const;

async function sha256(text: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * What the site passed → the identity the rules read, and what was left out (its names, for one warning); null when
 * it is no identity at all (no `id`).
 */
export async function identify(
  siteKey: string,
  input: unknown,
): Promise<{ identity: Identity; dropped: string[] } | null> {
  if (!input || typeof input !== 'object') return null;
  const { id, attributes } = input as { id?: unknown; attributes?: unknown };
  const text = typeof id === 'number' && Number.isFinite(id) ? String(id) : typeof id === 'string' ? id : '';
  if (text === '' || text.length > IDENTIFY_LIMITS.id) return null;
  const kept: Record<string, string | number | boolean> = {};
  const dropped: string[] = [];
  const given =
    attributes && typeof attributes === 'object' && !Array.isArray(attributes)
      ? Object.entries(attributes as Record<string, unknown>)
      : [];
  for (const [name, value] of given) {
    const fits =
      (typeof value === 'string' && value.length <= IDENTIFY_LIMITS.value) ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      typeof value === 'boolean';
    if (
      !fits ||
      name === '' ||
      name.length > IDENTIFY_LIMITS.name ||
      Object.keys(kept).length >= IDENTIFY_LIMITS.attributes
    )
      dropped.push(name.slice(0, IDENTIFY_LIMITS.name));
    else kept[name] = value as string | number | boolean;
  }
  return { identity: { subject: await sha256(`${siteKey}\n${text}`), attributes: kept }, dropped };
}
