import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import * as RadioGroup from './radio-group';

const roles = [
  { value: 'Admin', label: 'Administrateur', hint: 'Accès complet à la plateforme' },
  { value: 'Contributor', label: 'Contributeur', hint: 'Création et modification de contenu' },
];

const meta = {
  title: 'Primitives/RadioGroup',
  args: { onValueChange: fn() },
  render: (args) => (
    <RadioGroup.Root {...args}>
      <RadioGroup.Label>Rôle</RadioGroup.Label>
      {roles.map((role) => (
        <RadioGroup.Item key={role.value} value={role.value}>
          <RadioGroup.ItemControl />
          <RadioGroup.ItemText>
            {role.label}
            <span>{role.hint}</span>
          </RadioGroup.ItemText>
          <RadioGroup.ItemHiddenInput />
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  ),
} satisfies Meta<RadioGroup.RootProps>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Role choice of the invite and edit-role dialogs. */
export const RoleChoice: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('radiogroup', { name: 'Rôle' });
    await expect(group).toBeVisible();
    const admin = canvas.getByRole('radio', { name: /Administrateur/ });
    await expect(admin).not.toBeChecked();
    await userEvent.click(canvas.getByText('Contributeur'));
    await expect(canvas.getByRole('radio', { name: /Contributeur/ })).toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ value: 'Contributor' }),
    );
    // Arrow keys move the choice, as in any radio group.
    await userEvent.keyboard('{ArrowUp}');
    await expect(admin).toBeChecked();
  },
};

export const Preselected: Story = {
  args: { defaultValue: 'Admin' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('radio', { name: /Administrateur/ })).toBeChecked();
  },
};

export const Horizontal: Story = {
  args: { orientation: 'horizontal', defaultValue: 'Contributor' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('radio', { name: /Contributeur/ })).toBeChecked();
    const [admin, contributor] = canvasElement.querySelectorAll('[data-part="item-control"]');
    await expect(admin?.getBoundingClientRect().top).toBe(contributor?.getBoundingClientRect().top);
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Admin' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Contributeur'), { pointerEventsCheck: 0 });
    await expect(canvas.getByRole('radio', { name: /Administrateur/ })).toBeChecked();
  },
};
