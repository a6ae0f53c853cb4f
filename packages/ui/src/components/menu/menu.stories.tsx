import type { Meta, StoryObj } from '@storybook/react-vite';
import { Ellipsis, Pencil, Trash2 } from 'lucide-react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { settleFocus } from '../../stories-support/settle';
import { IconButton } from '../button/button';
import * as Menu from './menu';

const meta = {
  title: 'Primitives/Menu',
  args: { onSelect: fn() },
  render: (args) => (
    <Menu.Root {...args}>
      <Menu.Trigger asChild>
        <IconButton aria-label="Actions pour Ada Lovelace" variant="plain" colorPalette="gray">
          <Ellipsis aria-hidden />
        </IconButton>
      </Menu.Trigger>
      <Menu.Content>
        <Menu.ItemGroup>
          <Menu.ItemGroupLabel>Membre</Menu.ItemGroupLabel>
          <Menu.Item value="edit-role">
            <Pencil aria-hidden />
            Modifier le rôle
          </Menu.Item>
          <Menu.Separator />
          <Menu.Item value="remove" destructive>
            <Trash2 aria-hidden />
            Retirer de l'équipe
          </Menu.Item>
        </Menu.ItemGroup>
      </Menu.Content>
    </Menu.Root>
  ),
} satisfies Meta<Menu.RootProps>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const ChooseWithMouse: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Actions pour Ada Lovelace' });
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(await body(canvasElement).findByRole('menuitem', { name: "Retirer de l'équipe" }));
    await expect(args.onSelect).toHaveBeenCalledWith(expect.objectContaining({ value: 'remove' }));
    await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull());
    await settleFocus();
  },
};

export const ChooseWithKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    within(canvasElement).getByRole('button', { name: 'Actions pour Ada Lovelace' }).focus();
    await userEvent.keyboard('{Enter}');
    const menu = await body(canvasElement).findByRole('menu');
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Modifier le rôle' })).toHaveAttribute(
        'data-highlighted',
      ),
    );
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith(expect.objectContaining({ value: 'edit-role' }));
    // Keyboard users land back on the trigger.
    await waitFor(() =>
      expect(within(canvasElement).getByRole('button', { name: 'Actions pour Ada Lovelace' })).toHaveFocus(),
    );
  },
};

export const Open: Story = {
  args: { defaultOpen: true },
  play: async ({ canvasElement }) => {
    const menu = await body(canvasElement).findByRole('menu');
    await expect(within(menu).getAllByRole('menuitem')).toHaveLength(2);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull());
    // Opened without a trigger focus to return to: settle it for the screenshot.
    await settleFocus();
  },
};
