// memberships: who belongs to which organization, and with which role.
import type { Db } from '../db/index.ts';

/** Members who can sign in: a pending invitation is not a member yet (listInvitations). */
export async function countMembers(db: Db, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('memberships.organization_id', '=', organizationId)
    .where('users.password_hash', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
