export { DeleteMemberDialog, type DeleteMemberDialogProps } from './delete-member-dialog';
export { EditRoleDialog, type EditRoleDialogProps } from './edit-role-dialog';
export { InviteMemberDialog, type InviteMemberDialogProps } from './invite-member-dialog';
export { LeaveOrganizationDialog, type LeaveOrganizationDialogProps } from './leave-organization-dialog';
export { memberName, type TeamMember } from './member';
export { MemberList, type MemberListProps } from './member-list';
export { MemberRow, type MemberRowProps } from './member-row';
export {
  type PendingInvitation,
  PendingInvitations,
  type PendingInvitationsProps,
} from './pending-invitations';
export { formatRelative } from './relative-time';
export {
  RenameOrganizationDialog,
  type RenameOrganizationDialogProps,
} from './rename-organization-dialog';
export { isRole, ROLES, type Role, RoleBadge, roleDescriptions, roleMessages } from './roles';
export { type InviteValues, inviteSchema } from './schemas';
export { TeamHeader, type TeamHeaderProps } from './team-header';
export { TeamStats, type TeamStatsProps } from './team-stats';
