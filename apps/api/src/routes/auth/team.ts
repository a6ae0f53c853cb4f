import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import type { RoleName } from '../../db/schema.ts';
import { invitationMail, joinedMail } from '../../mail.ts';
import { queueMail } from '../../outbox.ts';
import { fieldProblem, HttpProblem } from '../../problems.ts';
import type { Handler, Schemas } from '../../types.ts';
import { callerOf, organizationOf } from '../context.ts';
import { issueCode, linkBase, normalizeEmail } from './accounts.ts';

function memberQuery(db: Db, organizationId: string) {
  return db
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
    .where('memberships.organization_id', '=', organizationId);
}

function memberBody(row: {
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

export const filterMembers: Handler<'filterMembers'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { pageIndex, pageSize, search } = request.body;
  // Someone invited who has not set a password cannot sign in yet: an invitation (listInvitations), not a member.
  let query = memberQuery(services.db, organizationId).where('users.password_hash', 'is not', null);
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
  return { status: 200, body: rows.map(memberBody) };
};

/** How a mail names the member who sent an invitation. */
export function inviterName(user: { firstname: string; lastname: string; email: string }): string {
  return `${user.firstname} ${user.lastname}`.trim() || user.email;
}

export const inviteMember: Handler<'inviteMember'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const inviter = callerOf(request).user;
  const base = linkBase(services.config, request.body.rootRedirect, '/body/rootRedirect');
  const email = normalizeEmail(request.body.email);
  const role = request.body.role;
  const outcome = await services.db.transaction().execute(async (trx) => {
    const organization = await trx
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', organizationId)
      .executeTakeFirstOrThrow();
    let user = await trx.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    if (user) {
      const already = await trx
        .selectFrom('memberships')
        .select('role')
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (already) {
        throw new HttpProblem('conflict', {
          key: user.password_hash ? 'already-member' : 'invitation-pending',
        });
      }
    } else {
      user = await trx
        .insertInto('users')
        .values({ id: randomUUID(), email })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    await trx
      .insertInto('memberships')
      .values({ organization_id: organizationId, user_id: user.id, role })
      .execute();
    // The link opens the acceptance screen: set a password (no account yet) or sign in, then land here.
    const ttl = services.config.codeTtlSeconds.invite;
    const code = await issueCode(trx, user.id, 'invite', ttl, { organizationId, invitedBy: inviter.id });
    const link = `${base}/auth/accept-invitation?code=${encodeURIComponent(code)}`;
    const mail = user.password_hash
      ? joinedMail(request.locale, email, organization.name, link)
      : invitationMail(request.locale, email, organization.name, inviterName(inviter), link);
    await queueMail(trx, mail, ttl);
    return { user };
  });
  services.outbox.wake();
  return { status: 201, body: memberBody({ ...outcome.user, role, created_at: new Date() }) };
};

/** Locks the organization's memberships so two concurrent changes cannot both remove "the other" last Admin. */
async function lockedMembership(trx: Db, organizationId: string, userId: string) {
  const rows = await trx
    .selectFrom('memberships')
    .select(['user_id', 'role'])
    .where('organization_id', '=', organizationId)
    .forUpdate()
    .execute();
  const target = rows.find((r) => r.user_id === userId);
  if (!target) throw new HttpProblem('not-found', { key: 'member-not-found' });
  const admins = rows.filter((r) => r.role === 'Admin').length;
  return { target, admins };
}

export const updateMemberRole: Handler<'updateMemberRole'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { userId, role } = request.body;
  await services.db.transaction().execute(async (trx) => {
    const { target, admins } = await lockedMembership(trx, organizationId, userId);
    // The edit dialog only enables its button for another role; the server holds the same rule.
    if (target.role === role) throw fieldProblem('/body/role', 'field.same-role');
    if (target.role === 'Admin' && role !== 'Admin' && admins <= 1) throw new HttpProblem('last-admin');
    await trx
      .updateTable('memberships')
      .set({ role })
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .execute();
  });
  const row = await memberQuery(services.db, organizationId)
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  return { status: 200, body: memberBody(row) };
};

export const deleteMemberRole: Handler<'deleteMemberRole'> = async (services, request) => {
  const organizationId = organizationOf(request);
  const { userId } = request.body;
  await services.db.transaction().execute(async (trx) => {
    const { target, admins } = await lockedMembership(trx, organizationId, userId);
    if (target.role === 'Admin' && admins <= 1) throw new HttpProblem('last-admin');
    await trx
      .deleteFrom('memberships')
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .execute();
  });
  return { status: 204, body: undefined };
};
