// users, and the access check's one statement (the user with their membership and organization) with what this
// process may keep of its answers.
import { randomUUID } from 'node:crypto';
import { type CompiledQuery, sql } from 'kysely';
import { type Db, postgresPool, type WriteGeneration, writeGeneration } from '../db/index.ts';
import type { RoleName, UserRow } from '../db/schema.ts';

const noOrganization = '00000000-0000-0000-0000-000000000000';

// Named rather than users.*: a statement prepared with * fails ("cached plan must not change result type") once a
// migration adds a column, which a rolling upgrade does while older replicas still run.
const userColumns = Object.keys({
  id: true,
  email: true,
  firstname: true,
  lastname: true,
  password_hash: true,
  confirmed_at: true,
  is_admin: true,
  token_version: true,
  last_active_at: true,
  created_at: true,
  updated_at: true,
} satisfies Record<keyof UserRow, true>) as Array<keyof UserRow>;

function accessQuery(db: Db, userId: string, organizationId: string) {
  return db
    .selectFrom('users')
    .leftJoin('memberships', (join) =>
      join
        .onRef('memberships.user_id', '=', 'users.id')
        .on('memberships.organization_id', '=', organizationId)
        // An invitation not accepted yet grants nothing.
        .on('memberships.pending', '=', false),
    )
    .leftJoin('organizations', (join) => join.on('organizations.id', '=', organizationId))
    .select(userColumns.map((column) => `users.${column}` as const))
    .select([
      'memberships.role',
      sql<string | null>`organizations.content_version::text`.as('content_version'),
    ])
    .where('users.id', '=', userId);
}

type AccessRow = UserRow & { role: RoleName | null; content_version: string | null };

const userMark = '\u0000user';
const organizationMark = '\u0000organization';
const compiled = new WeakMap<Db, CompiledQuery<AccessRow>>();
/** The name PostgreSQL prepares it under, once per connection (its text never changes within a process). */
const statementName = 'mulot_access_check';

/**
 * The user and, for the organization named, the membership and content version: all the access check reads. The
 * statement is built and compiled once per database (building it was most of Kysely's share of a read), then run
 * with this request's values in the places the marks took; on PostgreSQL as a prepared statement, which halved its
 * round trip (no parse and plan per request).
 */
export async function accessRow(
  db: Db,
  userId: string,
  organizationId: string | null,
): Promise<AccessRow | undefined> {
  let query = compiled.get(db);
  if (!query) {
    query = accessQuery(db, userMark, organizationMark).compile() as CompiledQuery<AccessRow>;
    compiled.set(db, query);
  }
  const organization = organizationId ?? noOrganization;
  const parameters = query.parameters.map((value) => {
    if (value === userMark) return userId;
    if (value === organizationMark) return organization;
    return value;
  });
  const pool = postgresPool(db);
  if (pool) {
    const result = await pool.query<AccessRow>({ name: statementName, text: query.sql, values: parameters });
    return result.rows[0];
  }
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

/** The team page's "last active". */
export async function touchLastActive(db: Db, userId: string): Promise<void> {
  await db.updateTable('users').set({ last_active_at: new Date() }).where('id', '=', userId).execute();
}

/** Serializes registrations so exactly one first account becomes platform administrator. */
export async function lockRegistrations(trx: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(7242002)`.execute(trx);
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function userIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id;
}

/** The hash a reset compares the new password with (null for someone invited who never chose one). */
export async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.password_hash ?? null;
}

export async function hasAnyUser(db: Db): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export function insertUser(trx: Db, values: { email: string; passwordHash: string; isAdmin: boolean }) {
  return trx
    .insertInto('users')
    .values({
      id: randomUUID(),
      email: values.email,
      password_hash: values.passwordHash,
      is_admin: values.isAdmin,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A new password by a reset link: it confirms the account too, and revokes every token issued before. */
export async function resetPassword(trx: Db, userId: string, passwordHash: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      confirmed_at: eb.fn.coalesce('confirmed_at', sql<Date>`now()`),
      token_version: eb('token_version', '+', 1),
      updated_at: new Date(),
    }))
    .where('id', '=', userId)
    .execute();
}

/** A new password chosen by its signed-in owner: every token issued before stops working. */
export function changePassword(db: Db, userId: string, passwordHash: string) {
  return db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      token_version: eb('token_version', '+', 1),
      updated_at: new Date(),
    }))
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function confirmUser(trx: Db, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({
      confirmed_at: eb.fn.coalesce('confirmed_at', sql<Date>`now()`),
      updated_at: new Date(),
    }))
    .where('id', '=', userId)
    .execute();
}

export function updateNames(db: Db, userId: string, names: { firstname: string; lastname: string }) {
  return db
    .updateTable('users')
    .set({ ...names, updated_at: new Date() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Someone invited who has no account yet: a user without a password until they accept. */
export function insertInvitedUser(trx: Db, email: string) {
  return trx.insertInto('users').values({ id: randomUUID(), email }).returningAll().executeTakeFirstOrThrow();
}

/** An account that only existed for an invitation (never a password, nor any content). */
export async function deleteIfNeverSignedIn(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom('users').where('id', '=', userId).where('password_hash', 'is', null).execute();
}

/**
 * Accepting an invitation: with a new password (the mailed code proves the email), or by signing in. Undefined when
 * someone set a password through another link in the meantime.
 */
export function acceptInvitationAs(trx: Db, userId: string, passwordHash: string | null) {
  return trx
    .updateTable('users')
    .set((eb) =>
      passwordHash === null
        ? { last_active_at: new Date() }
        : {
            password_hash: passwordHash,
            confirmed_at: eb.fn.coalesce('confirmed_at', sql<Date>`now()`),
            last_active_at: new Date(),
            updated_at: new Date(),
          },
    )
    .where('id', '=', userId)
    .$if(passwordHash !== null, (qb) => qb.where('password_hash', 'is', null))
    .returningAll()
    .executeTakeFirst();
}

export function confirmationStateByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'confirmed_at', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export function namesOf(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['firstname', 'lastname', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
