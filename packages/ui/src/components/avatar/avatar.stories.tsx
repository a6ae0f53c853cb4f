import { HStack } from '@mulot/ui/styled-system/jsx';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Avatar } from './avatar';
import { avatarColor, initials, initialsAvatarUrl } from './initials';

const meta = { title: 'Primitives/Avatar', component: Avatar } satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A picture generated in the browser from the name: initials on a colour derived from the name. */
export const GeneratedImage: Story = {
  args: { firstName: 'Ada', lastName: 'Lovelace' },
  play: async ({ canvasElement }) => {
    const image = await within(canvasElement).findByRole('img', { name: 'Ada Lovelace' });
    await expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await expect(decodeURIComponent(image.getAttribute('src') ?? '')).toContain('>AL</text>');
    await waitFor(() => expect(image).toBeVisible());
    // Same name, same colour; no network request is made.
    await expect(avatarColor('Ada', 'Lovelace')).toBe(avatarColor('ada', 'lovelace'));
    await expect(initialsAvatarUrl('Ada', 'Lovelace')).toBe(image.getAttribute('src'));
  },
};

export const Sizes: Story = {
  render: () => (
    <HStack gap="3">
      <Avatar size="sm" firstName="Émile" lastName="Zola" />
      <Avatar size="md" firstName="Grace" lastName="Hopper" />
      <Avatar size="lg" firstName="Alan" lastName="Turing" />
    </HStack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('img', { name: 'Émile Zola' })).toBeInTheDocument();
    await expect(initials('Émile', 'Zola')).toBe('ÉZ');
    const small = (await canvas.findByRole('img', { name: 'Émile Zola' })).getBoundingClientRect().width;
    const large = (await canvas.findByRole('img', { name: 'Alan Turing' })).getBoundingClientRect().width;
    await expect(small).toBeLessThan(large);
  },
};

/** With a picture that fails to load, the two initials show instead. */
export const Fallback: Story = {
  args: { firstName: 'Grace', lastName: 'Hopper', src: '/missing-avatar.png' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByText('GH')).toBeVisible());
    await expect(within(canvasElement).queryByRole('img')).toBeNull();
  },
};

export const NoName: Story = {
  args: { firstName: '', lastName: '' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('img')).toBeNull();
    await expect(initialsAvatarUrl('', '  ')).toBeUndefined();
  },
};
