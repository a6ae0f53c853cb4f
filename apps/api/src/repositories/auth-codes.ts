// auth_codes: the single-use codes mailed to confirm an account, reset a password or join an organization, stored
// hashed and expiring.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { hashCode, newCode } from '../security.ts';

export async function issueCode(
  db: Db,
  userId: string,
  purpose: 'confirm' | 'reset' | 'invite',
  ttlSeconds: number,
  invitation: { organizationId: string; invitedBy: string | null } | null = null,
): Promise<string> {
  const code = newCode();
  await db
    .insertInto('auth_codes')
    .values({
      id: randomUUID(),
      user_id: userId,
      purpose,
      code_hash: hashCode(code),
      expires_at: new Date(Date.now() + ttlSeconds * 1000),
      organization_id: invitation?.organizationId ?? null,
      invited_by: invitation?.invitedBy ?? null,
    })
    .execute();
  return code;
}

/** Uses a reset code still valid; the user it was issued to, or undefined. */
export async function useResetCode(trx: Db, code: string): Promise<string | undefined> {
  const used = await trx
    .updateTable('auth_codes')
    .set({ used_at: new Date() })
    .where('code_hash', '=', hashCode(code))
    .where('purpose', '=', 'reset')
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst();
  return used?.user_id;
}

/** Every code of this purpose still unused stops working. */
export async function retireCodes(trx: Db, userId: string, purpose: 'confirm' | 'reset' | 'invite') {
  await trx
    .updateTable('auth_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/** A confirmation code of this email's account, used or not, with whether the account is confirmed. */
export function findConfirmation(trx: Db, code: string, email: string) {
  return trx
    .selectFrom('auth_codes')
    .innerJoin('users', 'users.id', 'auth_codes.user_id')
    .select([
      'auth_codes.id',
      'auth_codes.used_at',
      'auth_codes.expires_at',
      'users.id as user_id',
      'users.confirmed_at',
    ])
    .where('auth_codes.code_hash', '=', hashCode(code))
    .where('auth_codes.purpose', '=', 'confirm')
    .where('users.email', '=', email)
    .executeTakeFirst();
}

export async function markUsed(trx: Db, id: string): Promise<void> {
  await trx.updateTable('auth_codes').set({ used_at: new Date() }).where('id', '=', id).execute();
}

/** An invitation code with its invitee and the membership it invites to (none once the invitation is cancelled). */
function invitationCode(db: Db, code: string) {
  return db
    .selectFrom('auth_codes')
    .innerJoin('users', 'users.id', 'auth_codes.user_id')
    .innerJoin('memberships', (join) =>
      join
        .onRef('memberships.user_id', '=', 'auth_codes.user_id')
        .onRef('memberships.organization_id', '=', 'auth_codes.organization_id'),
    )
    .where('auth_codes.code_hash', '=', hashCode(code))
    .where('auth_codes.purpose', '=', 'invite');
}

/** A usable invitation code: not used, not expired, and its membership still there (not cancelled). */
export function findUsableInvitation(db: Db, code: string) {
  return invitationCode(db, code)
    .innerJoin('organizations', 'organizations.id', 'memberships.organization_id')
    .leftJoin('users as inviter', 'inviter.id', 'auth_codes.invited_by')
    .select([
      'auth_codes.id as code_id',
      'auth_codes.expires_at',
      'users.id as user_id',
      'users.email',
      'users.password_hash',
      'memberships.role',
      'organizations.id as organization_id',
      'organizations.name as organization_name',
      'inviter.firstname',
      'inviter.lastname',
      'inviter.email as inviter_email',
    ])
    .where('auth_codes.used_at', 'is', null)
    .where('auth_codes.expires_at', '>', new Date())
    .executeTakeFirst();
}

/** An invitation code already used, whose invitation was accepted (its membership is there and not pending). */
export async function isAcceptedInvitation(db: Db, code: string): Promise<boolean> {
  const row = await invitationCode(db, code)
    .select('auth_codes.id')
    .where('auth_codes.used_at', 'is not', null)
    .where('memberships.pending', '=', false)
    .where('users.password_hash', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Uses this code if nobody used it meanwhile; false otherwise. */
export async function useCode(trx: Db, id: string): Promise<boolean> {
  const used = await trx
    .updateTable('auth_codes')
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}

export async function isResetCodeUsable(db: Db, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('auth_codes')
    .select('id')
    .where('code_hash', '=', hashCode(code))
    .where('purpose', '=', 'reset')
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteInvitationCodes(trx: Db, userId: string, organizationId: string): Promise<void> {
  await trx
    .deleteFrom('auth_codes')
    .where('user_id', '=', userId)
    .where('organization_id', '=', organizationId)
    .execute();
}

/** Only the newest link works: the user's unused codes for this organization (and reset codes) stop working. */
export async function retireInvitationCodes(trx: Db, userId: string, organizationId: string): Promise<void> {
  await trx
    .updateTable('auth_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where((w) => w.or([w('organization_id', '=', organizationId), w('purpose', '=', 'reset')]))
    .execute();
}

/** A code, used or not, with what renewing it needs. */
export function findAnyCode(db: Db, code: string) {
  return db
    .selectFrom('auth_codes')
    .innerJoin('users', 'users.id', 'auth_codes.user_id')
    .select([
      'auth_codes.purpose',
      'auth_codes.organization_id',
      'auth_codes.invited_by',
      'users.id',
      'users.email',
      'users.confirmed_at',
      'users.password_hash',
    ])
    .where('auth_codes.code_hash', '=', hashCode(code))
    .executeTakeFirst();
}

/** The user's unused codes for this organization stop working (its invitation was answered). */
export async function retireOrganizationCodes(
  trx: Db,
  userId: string,
  organizationId: string,
): Promise<void> {
  await trx
    .updateTable('auth_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('organization_id', '=', organizationId)
    .where('used_at', 'is', null)
    .execute();
}
