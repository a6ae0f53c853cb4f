import { Stack } from '@mulot/ui/styled-system/jsx';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { members, NOW } from './fixtures';
import { MemberList } from './member-list';
import { TeamHeader } from './team-header';
import { TeamStats } from './team-stats';

interface PageArgs {
  onInvite: () => void;
}

const meta: Meta<PageArgs> = {
  title: 'Fragments/Team/Page',
  parameters: { layout: 'fullscreen' },
  args: { onInvite: fn() },
};
export default meta;
type Story = StoryObj<PageArgs>;

/** The team page as an Admin sees it: title, subtitle, "Inviter un membre", counters and the list. */
export const AdminPage: Story = {
  render: ({ onInvite }) => (
    <Stack gap="6" p="6">
      <TeamHeader onInvite={onInvite} />
      <TeamStats members={members} />
      <MemberList members={members} now={NOW} canManage onInvite={onInvite} />
    </Stack>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: "Gestion d'équipe" })).toBeVisible();
    await expect(canvas.getByText('Invitez et gérez les membres de votre organisation')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Inviter un membre' }));
    await expect(args.onInvite).toHaveBeenCalledOnce();
  },
};

/** A Contributor: no invite button, and the list is said to be for Admins. */
export const ContributorPage: Story = {
  render: () => (
    <Stack gap="6" p="6">
      <TeamHeader />
      <MemberList members={[]} restricted />
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: "Gestion d'équipe" })).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};
