import type { Role } from './roles';

/** A member of the organization as the team screen shows it (spec §3 "Member"). */
export interface TeamMember {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
  /** Invited and has not set a password yet. */
  pending?: boolean;
  /** Real dates only: when absent, nothing is said (never a placeholder such as "Actif aujourd'hui"). */
  lastActiveAt?: string | Date | null;
  joinedAt?: string | Date | null;
}

/** "Ada Lovelace", or the email while an invited member has not given a name yet. */
export function memberName(member: Pick<TeamMember, 'firstname' | 'lastname' | 'email'>): string {
  return `${member.firstname} ${member.lastname}`.trim() || member.email;
}
