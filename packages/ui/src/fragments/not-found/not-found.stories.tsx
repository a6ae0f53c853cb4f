import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NotFound } from './not-found';

const meta = {
  title: 'Fragments/NotFound',
  component: NotFound,
  args: { onGoBack: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof NotFound>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
    const links = within(canvas.getByRole('navigation', { name: 'Liens utiles' })).getAllByRole('link');
    await expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/app/dashboard',
      '/app/projects',
      '/app/team',
    ]);
    await userEvent.click(canvas.getByRole('button', { name: 'Page précédente' }));
    await expect(args.onGoBack).toHaveBeenCalledOnce();
  },
};
