// organizations: the rows a tenant's data hangs from.
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

/**
 * Moves the organization's content version after a write by one of its members. Run once the write has committed
 * (a read that saw the new version then sees the new content); a failure is logged, not answered: the write
 * itself is done, and the next write in the organization moves the version anyway.
 */
export async function bumpContentVersion(db: Db, organizationId: string, log: FastifyBaseLogger) {
  try {
    await sql`UPDATE organizations SET content_version = content_version + 1 WHERE id = ${organizationId}`.execute(
      db,
    );
  } catch (error) {
    log.warn({ reason: (error as Error).message }, 'content version not moved');
  }
}

/**
 * The dashboard's counts of the organization, in one round trip (each one a PGlite turn otherwise), each scoped by
 * an index on the organization (migration 0014 added those of steps and categories). Members count once they have
 * an account and have accepted.
 */
export interface ContentCounts {
  projects: number;
  categories: number;
  scenarios: number;
  publishedScenarios: number;
  steps: number;
}

/** The organization's content, counted: it changes only with the writes that move the content version. */
export async function contentCounts(db: Db, organizationId: string): Promise<ContentCounts> {
  const result = await sql<{
    projects: number;
    categories: number;
    scenarios: number;
    published: number;
    steps: number;
  }>`SELECT
      (SELECT count(*)::int FROM projects WHERE organization_id = ${organizationId}) AS projects,
      (SELECT count(*)::int FROM categories WHERE organization_id = ${organizationId}) AS categories,
      (SELECT count(*)::int FROM scenarios WHERE organization_id = ${organizationId}) AS scenarios,
      (SELECT count(*)::int FROM scenarios WHERE organization_id = ${organizationId} AND status = 'published')
        AS published,
      (SELECT count(*)::int FROM steps WHERE organization_id = ${organizationId}) AS steps
    `.execute(db);
  const row = result.rows[0];
  return {
    projects: Number(row?.projects ?? 0),
    categories: Number(row?.categories ?? 0),
    scenarios: Number(row?.scenarios ?? 0),
    publishedScenarios: Number(row?.published ?? 0),
    steps: Number(row?.steps ?? 0),
  };
}

/** The organization's members who have an account (accepting an invitation does not move the content version). */
export async function memberCount(db: Db, organizationId: string): Promise<number> {
  const result = await sql<{ members: number }>`
    SELECT count(*)::int AS members FROM memberships m JOIN users u ON u.id = m.user_id
    WHERE m.organization_id = ${organizationId} AND NOT m.pending AND u.password_hash IS NOT NULL`.execute(
    db,
  );
  return Number(result.rows[0]?.members ?? 0);
}

/** Projects the organization created per UTC day since `start`, by 'YYYY-MM-DD' (index projects_created_idx). */
export async function projectsCreatedPerDay(
  db: Db,
  organizationId: string,
  start: Date,
): Promise<Map<string, number>> {
  const result = await sql<{
    day: string;
    n: number;
  }>`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
    FROM projects WHERE organization_id = ${organizationId} AND created_at >= ${start}
    GROUP BY 1`.execute(db);
  return new Map(result.rows.map((row) => [row.day, Number(row.n)]));
}

export async function insertOrganization(trx: Db, id: string, name: string): Promise<void> {
  await trx.insertInto('organizations').values({ id, name }).execute();
}

export async function organizationNameOf(db: Db, organizationId: string): Promise<string> {
  const row = await db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return row.name;
}

/** Every organization, with the user's role and membership date where they belong. */
export function everyOrganizationFor(db: Db, userId: string) {
  return db
    .selectFrom('organizations')
    .leftJoin('memberships', (join) =>
      join
        .onRef('memberships.organization_id', '=', 'organizations.id')
        .on('memberships.user_id', '=', userId)
        .on('memberships.pending', '=', false),
    )
    .select([
      'organizations.id',
      'organizations.name',
      'memberships.role',
      'memberships.created_at as joined',
    ])
    .execute();
}

/** The organizations the user belongs to, in membership order. */
export function organizationsOf(db: Db, userId: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('organizations', 'organizations.id', 'memberships.organization_id')
    .select(['organizations.id', 'organizations.name', 'memberships.role'])
    .where('memberships.user_id', '=', userId)
    .where('memberships.pending', '=', false)
    .orderBy('memberships.created_at')
    .orderBy('organizations.id')
    .execute();
}

/** A new name chosen by an Admin; undefined when the organization no longer exists. */
export function renameOrganization(db: Db, id: string, name: string) {
  return db
    .updateTable('organizations')
    .set({ name })
    .where('id', '=', id)
    .returning(['id', 'name'])
    .executeTakeFirst();
}

/**
 * The organizations the user administers that still carry a name the product gave them take the new one: each
 * `renames` entry maps such names (`from`) to the name (`to`) in the same language. A name an Admin chose is left
 * alone.
 */
export async function renameAutomaticallyNamed(
  trx: Db,
  userId: string,
  renames: Array<{ from: string[]; to: string }>,
): Promise<void> {
  for (const { from, to } of renames) {
    const names = from.filter((name) => name !== to);
    if (names.length === 0) continue;
    await trx
      .updateTable('organizations')
      .set({ name: to })
      .where('name', 'in', names)
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('memberships')
          .select('organization_id')
          .where('user_id', '=', userId)
          .where('role', '=', 'Admin')
          .where('pending', '=', false),
      )
      .execute();
  }
}
