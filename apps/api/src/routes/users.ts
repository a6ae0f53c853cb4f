// Tag `users`: the signed-in user.
import { automaticRenames } from '../organization-names.ts';
import { firstRole } from '../repositories/memberships.ts';
import { renameAutomaticallyNamed } from '../repositories/organizations.ts';
import { updateNames } from '../repositories/users.ts';
import type { Handler } from '../types.ts';
import { userBody } from './auth/accounts.ts';
import { callerOf } from './context.ts';

export const getMe: Handler<'getMe'> = async (services, request) => {
  const caller = callerOf(request);
  const role = caller.role ?? (await firstRole(services.db, caller.user.id));
  return { status: 200, body: userBody(caller.user, role) };
};

export const updateMe: Handler<'updateMe'> = async (services, request) => {
  const caller = callerOf(request);
  const names = { firstname: request.body.firstname.trim(), lastname: request.body.lastname.trim() };
  const user = await services.db.transaction().execute(async (trx) => {
    const user = await updateNames(trx, caller.user.id, names);
    // Issue 40: the organization named after the person's email (or former names) takes their names once known,
    // in the language it was named in.
    const person = fullName(names);
    if (person) {
      const before = [caller.user.email, fullName(caller.user)].filter((p) => p !== '' && p !== person);
      await renameAutomaticallyNamed(trx, user.id, automaticRenames(before, person));
    }
    return user;
  });
  const role = caller.role ?? (await firstRole(services.db, user.id));
  return { status: 200, body: userBody(user, role) };
};

function fullName(names: { firstname: string; lastname: string }): string {
  return `${names.firstname} ${names.lastname}`.trim();
}
