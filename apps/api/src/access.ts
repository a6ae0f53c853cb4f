// The access check's one statement, and what this process may keep of its answers.
import { type CompiledQuery, sql } from 'kysely';
import { type Db, type WriteGeneration, writeGeneration } from './db/index.ts';

const noOrganization = '00000000-0000-0000-0000-000000000000';

function accessQuery(db: Db, userId: string, organizationId: string) {
  return db
    .selectFrom('users')
    .leftJoin('memberships', (join) =>
      join
        .onRef('memberships.user_id', '=', 'users.id')
        .on('memberships.organization_id', '=', organizationId),
    )
    .leftJoin('organizations', (join) => join.on('organizations.id', '=', organizationId))
    .selectAll('users')
    .select([
      'memberships.role',
      sql<string | null>`organizations.content_version::text`.as('content_version'),
    ])
    .where('users.id', '=', userId);
}

type AccessRow = Awaited<ReturnType<ReturnType<typeof accessQuery>['executeTakeFirstOrThrow']>>;

const userMark = '\u0000user';
const organizationMark = '\u0000organization';
const compiled = new WeakMap<Db, CompiledQuery<AccessRow>>();

/**
 * The user and, for the organization named, the membership and content version: all the access check reads. The
 * statement is built and compiled once per database (building it was most of Kysely's share of a read), then run
 * with this request's values in the places the marks took.
 */
export async function accessRow(
  db: Db,
  userId: string,
  organizationId: string | null,
): Promise<AccessRow | undefined> {
  let query = compiled.get(db);
  if (!query) {
    query = accessQuery(db, userMark, organizationMark).compile();
    compiled.set(db, query);
  }
  const organization = organizationId ?? noOrganization;
  const parameters = query.parameters.map((value) => {
    if (value === userMark) return userId;
    if (value === organizationMark) return organization;
    return value;
  });
  const result = await db.executeQuery<AccessRow>({ ...query, parameters });
  return result.rows[0];
}

/** Access rows kept at most (the oldest dropped first). */
const accessKept = 10_000;

/**
 * The access check's rows, kept by this process while the database's write generation has not moved: on a
 * database only this process writes (PGlite), a row read at the current generation is still exactly what the
 * statement would answer (any write since, by any request or worker of this process, moved the generation), so a
 * revoked session, a changed role or a new content version takes effect on the very next request. Null on
 * PostgreSQL: other replicas write there, and only the statement itself tells.
 */
export class AccessRows {
  readonly #writes: WriteGeneration;
  readonly #rows = new Map<string, { generation: number; row: AccessRow }>();

  constructor(writes: WriteGeneration) {
    this.#writes = writes;
  }

  /** Kept rows for a database only this process writes; null otherwise. */
  static for(db: Db): AccessRows | null {
    const writes = writeGeneration(db);
    return writes ? new AccessRows(writes) : null;
  }

  async read(db: Db, userId: string, organizationId: string | null): Promise<AccessRow | undefined> {
    const key = `${userId}|${organizationId ?? ''}`;
    const kept = this.#rows.get(key);
    if (kept && kept.generation === this.#writes.value) return kept.row;
    // Taken before the statement: a write that overlaps it leaves the row labelled as older, never newer.
    const generation = this.#writes.value;
    const row = await accessRow(db, userId, organizationId);
    this.#rows.delete(key);
    if (row) {
      if (this.#rows.size >= accessKept) {
        const oldest = this.#rows.keys().next().value;
        if (oldest !== undefined) this.#rows.delete(oldest);
      }
      this.#rows.set(key, { generation, row });
    }
    return row;
  }
}
