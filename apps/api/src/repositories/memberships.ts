// memberships: who belongs to which organization, and with which role.
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Database, RoleName } from '../db/schema.ts';
import type { Schemas } from '../types.ts';

/** The role of the user's first membership (the organization the back-office opens first). */
export async function firstRole(db: Db, userId: string): Promise<RoleName | null> {
  const row = await db
    .selectFrom('memberships')
    .select('role')
    .where('user_id', '=', userId)
    .where('pending', '=', false)
    .orderBy('created_at')
    .orderBy('organization_id')
    .executeTakeFirst();
  return row?.role ?? null;
}

export async function addMembership(
  trx: Db,
  organizationId: string,
  userId: string,
  role: RoleName,
  pending = false,
) {
  await trx
    .insertInto('memberships')
    .values({ organization_id: organizationId, user_id: userId, role, pending })
    .execute();
}

function memberQuery(db: Db, organizationId: string) {
  return (
    db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select([
        'users.id',
        'users.firstname',
        'users.lastname',
        'users.email',
        'users.password_hash',
        'users.last_active_at',
        'memberships.role',
        'memberships.created_at',
      ])
      .where('memberships.organization_id', '=', organizationId)
      // An invitation not accepted yet is not a member: listInvitations shows its email only.
      .where('memberships.pending', '=', false)
  );
}

/** A member of the team as the team page shows it. */
export function memberBody(row: {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  password_hash: string | null;
  role: RoleName;
  created_at: Date | string;
  last_active_at: Date | string | null;
}): Schemas['Member'] {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    role: row.role,
    pending: row.password_hash === null,
    joinedAt: new Date(row.created_at).toISOString(),
    lastActiveAt: row.last_active_at === null ? null : new Date(row.last_active_at).toISOString(),
  };
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The members who can sign in, filtered by name or email, a page at a time, by name. */
export async function filterMembers(
  db: Db,
  organizationId: string,
  { pageIndex, pageSize, search }: { pageIndex: number; pageSize: number; search?: string | undefined },
): Promise<Schemas['Member'][]> {
  // Someone invited who has not set a password cannot sign in yet: an invitation (listInvitations), not a member.
  let query = memberQuery(db, organizationId).where('users.password_hash', 'is not', null);
  const term = search?.trim();
  if (term) {
    const pattern = likePattern(term);
    query = query.where((eb) =>
      eb.or([
        eb('users.firstname', 'ilike', pattern),
        eb('users.lastname', 'ilike', pattern),
        eb('users.email', 'ilike', pattern),
      ]),
    );
  }
  const rows = await query
    .orderBy('users.lastname')
    .orderBy('users.firstname')
    .orderBy('users.email')
    .offset(pageIndex * pageSize)
    .limit(pageSize)
    .execute();
  return rows.map(memberBody);
}

export async function findMember(db: Db, organizationId: string, userId: string): Promise<Schemas['Member']> {
  const row = await memberQuery(db, organizationId).where('users.id', '=', userId).executeTakeFirstOrThrow();
  return memberBody(row);
}

/** The user's role in the organization, or undefined when they have no membership there. */
export async function roleIn(trx: Db, organizationId: string, userId: string): Promise<RoleName | undefined> {
  const row = await trx
    .selectFrom('memberships')
    .select('role')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role;
}

/** The organization's memberships, locked until the transaction ends. */
export function lockMemberships(trx: Db, organizationId: string) {
  return trx
    .selectFrom('memberships')
    .select(['user_id', 'role'])
    .where('organization_id', '=', organizationId)
    .where('pending', '=', false)
    .forUpdate()
    .execute();
}

export async function setRole(
  trx: Db,
  organizationId: string,
  userId: string,
  role: RoleName,
): Promise<void> {
  await trx
    .updateTable('memberships')
    .set({ role })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
}

export async function removeMembership(trx: Db, organizationId: string, userId: string): Promise<void> {
  await trx
    .deleteFrom('memberships')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .execute();
}

/** Which of a membership's auth codes tell who invited to it (the latest of them is read). */
type CodeFilter = (eb: ExpressionBuilder<Database, 'memberships' | 'auth_codes'>) => Expression<SqlBool>;

/**
 * Memberships with their invitation: role, date, and the latest code `codes` picks (when it expires, and who sent
 * it: `inviter`'s names and email; none for invitations sent before migration 0006).
 */
function invitationRows(db: Db, codes: CodeFilter) {
  return db
    .selectFrom('memberships')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('auth_codes')
          .select(['auth_codes.expires_at', 'auth_codes.invited_by'])
          .where(codes)
          .orderBy('auth_codes.created_at', 'desc')
          .limit(1)
          .as('code'),
      (join) => join.onTrue(),
    )
    .leftJoin('users as inviter', 'inviter.id', 'code.invited_by')
    .select([
      'memberships.role',
      'memberships.created_at',
      'code.expires_at',
      'inviter.firstname',
      'inviter.lastname',
      'inviter.email as inviter_email',
    ]);
}

/** The organization's pending invitations (members without a password), with their latest code and its sender. */
export function pendingInvitationRows(db: Db, organizationId: string, userId?: string) {
  return invitationRows(db, (eb) =>
    eb.and([
      eb('auth_codes.user_id', '=', eb.ref('memberships.user_id')),
      // The latest invitation code sent for this organization, or a password reset's when it came after.
      eb.or([
        eb('auth_codes.organization_id', '=', organizationId),
        eb.and([eb('auth_codes.purpose', '=', 'reset'), eb('auth_codes.organization_id', 'is', null)]),
      ]),
    ]),
  )
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.email'])
    .where('memberships.organization_id', '=', organizationId)
    .where((w) => w.or([w('users.password_hash', 'is', null), w('memberships.pending', '=', true)]))
    .$if(userId !== undefined, (qb) => qb.where('users.id', '=', userId ?? ''))
    .orderBy('memberships.created_at', 'desc')
    .orderBy('users.email')
    .execute();
}

/** A pending membership locked until the transaction ends (a concurrent acceptance or cancellation waits). */
export function lockMembership(trx: Db, organizationId: string, userId: string) {
  return trx
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.email', 'users.password_hash', 'memberships.role', 'memberships.pending'])
    .where('memberships.organization_id', '=', organizationId)
    .where('memberships.user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export async function hasAnyMembership(trx: Db, userId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('memberships')
    .select('organization_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The organization's name when the user (still) belongs to it. */
export async function membershipOrganizationName(trx: Db, organizationId: string, userId: string) {
  const row = await trx
    .selectFrom('memberships')
    .innerJoin('organizations', 'organizations.id', 'memberships.organization_id')
    .select('organizations.name')
    .where('memberships.organization_id', '=', organizationId)
    .where('memberships.user_id', '=', userId)
    .executeTakeFirst();
  return row?.name;
}

/** The user's membership of the organization, accepted or pending, or undefined. */
export function membershipOf(trx: Db, organizationId: string, userId: string) {
  return trx
    .selectFrom('memberships')
    .select(['role', 'pending'])
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** An invitation to an existing account becomes a membership. False when there was none pending. */
export async function acceptPending(trx: Db, organizationId: string, userId: string): Promise<boolean> {
  const row = await trx
    .updateTable('memberships')
    .set({ pending: false, created_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('pending', '=', true)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The invitations waiting for this user's answer, with who sent each one (the latest code) and when. */
export function invitationsFor(db: Db, userId: string) {
  return invitationRows(db, (eb) =>
    eb.and([
      eb('auth_codes.organization_id', '=', eb.ref('memberships.organization_id')),
      eb('auth_codes.user_id', '=', userId),
      eb('auth_codes.purpose', '=', 'invite'),
    ]),
  )
    .innerJoin('organizations', 'organizations.id', 'memberships.organization_id')
    .select(['organizations.id', 'organizations.name'])
    .where('memberships.user_id', '=', userId)
    .where('memberships.pending', '=', true)
    .orderBy('memberships.created_at', 'desc')
    .execute();
}
