import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { settleFocus } from '../../stories-support/settle';
import * as Select from './select';

const roles = Select.createListCollection({
  items: [
    { value: 'Admin', label: 'Administrateur' },
    { value: 'Contributor', label: 'Contributeur' },
  ],
});

const meta = {
  title: 'Primitives/Select',
  args: { onValueChange: fn() },
  render: (args) => (
    <Select.Root collection={roles} maxW="xs" {...args}>
      <Select.Label>Rôle</Select.Label>
      <Select.Control>
        <Select.Trigger>
          <Select.ValueText placeholder="Choisir un rôle" />
        </Select.Trigger>
      </Select.Control>
      <Select.Positioner>
        <Select.Content>
          {roles.items.map((item) => (
            <Select.Item key={item.value} item={item}>
              <Select.ItemText>{item.label}</Select.ItemText>
              <Select.ItemIndicator />
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Positioner>
      <Select.HiddenSelect />
    </Select.Root>
  ),
} satisfies Meta<Omit<Select.RootProps<{ value: string; label: string }>, 'collection'>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const RoleChoice: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('combobox', { name: 'Rôle' });
    await expect(trigger).toHaveTextContent('Choisir un rôle');
    await userEvent.click(trigger);
    const listbox = await body.findByRole('listbox');
    await expect(listbox).toBeVisible();
    await userEvent.click(body.getByRole('option', { name: 'Contributeur' }));
    await expect(args.onValueChange).toHaveBeenCalledWith(
      expect.objectContaining({ value: ['Contributor'] }),
    );
    await expect(trigger).toHaveTextContent('Contributeur');
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
  },
};

export const Open: Story = {
  args: { defaultValue: ['Admin'], defaultOpen: true },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('option', { name: 'Administrateur' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // Escape closes it without changing the value.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
    await expect(within(canvasElement).getByRole('combobox')).toHaveTextContent('Administrateur');
    await settleFocus();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: ['Admin'] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox')).toBeDisabled();
  },
};
