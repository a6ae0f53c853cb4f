// Walking a paged list as its clients do: from the first page, following nextCursor.
import { expect } from 'vitest';
import type { Session, TestServer } from './harness.ts';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Every page of `path` from the first, following nextCursor; each page's size is checked against the limit. */
export async function walkPages<T>(
  server: TestServer,
  session: Session,
  path: string,
  limit: number,
  q = '',
): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ limit: String(limit) });
    if (q) params.set('q', q);
    if (cursor) params.set('cursor', cursor);
    const page = await server.call<Page<T>>('GET', `${path}?${params}`, {
      token: session.token,
      org: session.org,
    });
    expect(page.status).toBe(200);
    expect(page.body.items.length).toBeLessThanOrEqual(limit);
    pages.push(page.body.items);
    cursor = page.body.nextCursor;
    expect(pages.length).toBeLessThan(100);
  } while (cursor);
  return pages;
}
