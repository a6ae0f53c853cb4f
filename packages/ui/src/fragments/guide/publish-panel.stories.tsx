import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PublishPanel } from './publish-panel';

const meta = {
  title: 'Guide/PublishPanel',
  component: PublishPanel,
  args: { status: 'draft', onStatusChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: '40rem' }}>{Story()}</div>],
} satisfies Meta<typeof PublishPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Draft: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Brouillon')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Publier' }));
    await expect(args.onStatusChange).toHaveBeenCalledWith('published');
  },
};

export const Published: Story = {
  args: { status: 'published' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Publié')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Mettre en brouillon' }));
    await expect(args.onStatusChange).toHaveBeenCalledWith('draft');
  },
};

/** In English the action says what it does to the guide: it moves back to draft. */
export const PublishedEnglish: Story = {
  args: { status: 'published' },
  globals: { locale: 'en' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Move to draft' }));
    await expect(args.onStatusChange).toHaveBeenCalledWith('draft');
  },
};

export const Pending: Story = {
  args: { pending: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Publier' })).toBeDisabled();
  },
};

/** A guide without steps cannot be published: the button says why before any click. */
export const NeedsAStep: Story = {
  args: { blocker: 'noStep' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Publier' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(
      'Ajoutez au moins une étape pour pouvoir publier ce guide.',
    );
    await expect(args.onStatusChange).not.toHaveBeenCalled();
  },
};

export const NeedsTargets: Story = {
  args: { blocker: 'stepWithoutTarget' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Publier' })).toHaveAccessibleDescription(
      'Chaque étape doit avoir un élément cible pour pouvoir publier ce guide.',
    );
  },
};

/** Published guides can always go back to draft, whatever blocks a publication. */
export const PublishedWithoutSteps: Story = {
  args: { status: 'published', blocker: 'noStep' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Mettre en brouillon' })).toBeEnabled();
  },
};
