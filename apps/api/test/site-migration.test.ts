// Issue 14: sites saved before the server checked them (`pas une url`, `javascript:alert(1)`, `localhost:5174`)
// are normalized to origins or removed by migration 0005, and reported in site_repairs.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigration, type Db } from '../src/db/index.ts';
import { databaseBefore } from './support/harness.ts';

const migration = '0005_site_origins.sql';
let db: Db;
let close: () => Promise<void>;

// Back to the state before 0005, with rows as main saved them.
beforeAll(async () => {
  ({ db, close } = await databaseBefore(migration, 'site_repairs'));
});

afterAll(async () => {
  await close?.();
});

describe('migration 0005', () => {
  it('normalizes what it can, removes the rest, keeps order without duplicates, and reports both', async () => {
    const organization = randomUUID();
    await db.insertInto('organizations').values({ id: organization, name: 'O' }).execute();
    const stored: Record<string, unknown> = {
      messy: [
        ' Shop.Example.com ',
        'https://shop.example.com/fr/',
        'pas une url',
        'javascript:alert(1)',
        'localhost:5174',
        'HTTP://B.example.com:80/x?y#z',
        'https://u:p@evil.example.com',
        { site: 'obj.example.com' },
        42,
      ],
      clean: ['https://ok.example.com'],
      broken: { not: 'an array' },
    };
    const ids: Record<string, string> = {};
    for (const [name, sites] of Object.entries(stored)) {
      ids[name] = randomUUID();
      await db
        .insertInto('projects')
        .values({
          id: ids[name] as string,
          organization_id: organization,
          name,
          description: '',
          sites: JSON.stringify(sites),
        })
        .execute();
    }
    await db.transaction().execute((trx) => applyMigration(trx, migration));
    const sitesOf = async (name: string) =>
      (
        await db
          .selectFrom('projects')
          .select('sites')
          .where('id', '=', ids[name] as string)
          .executeTakeFirstOrThrow()
      ).sites;
    expect(await sitesOf('messy')).toEqual([
      'https://shop.example.com',
      'https://localhost:5174',
      'http://b.example.com',
      'https://obj.example.com',
    ]);
    expect(await sitesOf('clean')).toEqual(['https://ok.example.com']);
    expect(await sitesOf('broken')).toEqual([]);
    const report = await db
      .selectFrom('site_repairs')
      .select(['project_id', 'site', 'outcome', 'origin'])
      .where('organization_id', '=', organization)
      .execute();
    const removed = report.filter((r) => r.outcome === 'removed').map((r) => r.site);
    expect(removed.sort()).toEqual(
      [
        'pas une url',
        'javascript:alert(1)',
        'https://u:p@evil.example.com',
        '42',
        '{"not": "an array"}',
      ].sort(),
    );
    expect(report.filter((r) => r.project_id === ids.clean)).toEqual([]);
    expect(report).toContainEqual({
      project_id: ids.messy,
      site: 'localhost:5174',
      outcome: 'normalized',
      origin: 'https://localhost:5174',
    });
  });
});
