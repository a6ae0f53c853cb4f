// What the loader and the reader chunk both read: they are built apart (the loader must stay a few kB), so this
// small module is bundled into each.

/** The reader's progress in the site's sessionStorage: a full page load of the tab resumes the guide. */
export const PROGRESS_KEY = 'mulot:reader';

export type Locale = 'fr' | 'en';
export type Position = 'left' | 'right';

/** What the loader hands the reader chunk. */
export interface EmbedConfig {
  /** the API root, `https://<mulot>/api` */
  apiBase: string;
  siteKey: string;
  locale: Locale;
  position: Position;
  /** the reader closed: the launcher shows again */
  onClosed: () => void;
  /** one warning at most, for what went wrong (nothing is thrown into the page) */
  warn: (error: unknown) => void;
  /** the identified user (a hash of the site's id), whose history the start rules keep; null: the visitor */
  subject: () => string | null;
}

/** What the reader chunk gives back to the loader. */
export interface EmbedReader {
  open(): void;
  start(scenarioId: string): void;
}

export function readProgress(): { scenarioId?: string; run?: unknown; finished?: boolean } | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(PROGRESS_KEY) ?? 'null');
    return value && typeof value === 'object' ? (value as { scenarioId?: string }) : null;
  } catch {
    return null;
  }
}
