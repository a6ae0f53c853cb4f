// Tag `users`: the signed-in user.
import { firstRole } from '../repositories/memberships.ts';
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
  const user = await updateNames(services.db, caller.user.id, {
    firstname: request.body.firstname.trim(),
    lastname: request.body.lastname.trim(),
  });
  const role = caller.role ?? (await firstRole(services.db, user.id));
  return { status: 200, body: userBody(user, role) };
};
