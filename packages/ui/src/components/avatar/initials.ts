/** "Ada Lovelace" → "AL"; one name → its first letter; nothing → "". Letters keep their accents (É). */
export function initials(firstName?: string | null, lastName?: string | null): string {
  const first = Array.from((firstName ?? '').trim())[0] ?? '';
  const last = Array.from((lastName ?? '').trim())[0] ?? '';
  return `${first}${last}`.toLocaleUpperCase('fr');
}

/**
 * The token colours the picture is drawn with, as values: an SVG shown as an image cannot read the page's CSS
 * variables, and Panda's token function would bring its whole token table (7 kB gzip) into every signed-in page for
 * these few. `initials.test.ts` holds them equal to the tokens. White initials stay readable (≥ 4.5:1) on every one.
 */
export const avatarTokens = {
  backgrounds: {
    'colors.indigo.600': '#4f46e5',
    'colors.violet.700': '#6d28d9',
    'colors.fuchsia.700': '#a21caf',
    'colors.rose.700': '#be123c',
    'colors.amber.700': '#b45309',
    'colors.green.700': '#15803d',
    'colors.teal.700': '#0f766e',
    'colors.sky.700': '#0369a1',
  },
  text: { 'colors.white': '#fff', 'fonts.body': "'Inter Variable', ui-sans-serif, system-ui, sans-serif" },
} as const;

const backgrounds: string[] = Object.values(avatarTokens.backgrounds);

/** Same name, same colour, on every machine and every visit (FNV-1a hash of the full name). */
export function avatarColor(firstName?: string | null, lastName?: string | null): string {
  const key = `${firstName ?? ''} ${lastName ?? ''}`.trim().toLocaleLowerCase('fr');
  let hash = 0x811c9dc5;
  for (const char of key) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return backgrounds[hash % backgrounds.length] ?? avatarTokens.backgrounds['colors.indigo.600'];
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/**
 * The avatar picture, generated in the browser as an SVG data URL (no avatar service: names never leave the
 * page). Returns undefined when there is no initial to draw, so the caller shows its fallback.
 */
export function initialsAvatarUrl(firstName?: string | null, lastName?: string | null): string | undefined {
  const text = initials(firstName, lastName);
  if (!text) return undefined;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${avatarColor(firstName, lastName)}"/><text x="50%" y="50%" dy="0.35em" text-anchor="middle" fill="${avatarTokens.text['colors.white']}" font-family="${escapeXml(avatarTokens.text['fonts.body'])}" font-size="26" font-weight="600">${escapeXml(text)}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
