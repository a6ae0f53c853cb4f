// Tag `organizations`: the organizations the caller can act in.
import { everyOrganizationFor, organizationsOf } from '../repositories/organizations.ts';
import type { Handler } from '../types.ts';
import { callerOf } from './context.ts';

export const listOrganizations: Handler<'listOrganizations'> = async (services, request) => {
  const { user } = callerOf(request);
  if (user.is_admin) {
    // A platform administrator sees every organization: their own first, in membership order, then the rest by name.
    const rows = await everyOrganizationFor(services.db, user.id);
    rows.sort((a, b) => {
      if (a.joined && b.joined) return new Date(a.joined).getTime() - new Date(b.joined).getTime();
      if (a.joined) return -1;
      if (b.joined) return 1;
      return a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
    });
    return { status: 200, body: rows.map((r) => ({ id: r.id, name: r.name, role: r.role })) };
  }
  return { status: 200, body: await organizationsOf(services.db, user.id) };
};
