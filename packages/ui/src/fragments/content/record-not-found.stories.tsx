import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RecordNotFound } from './collection-state';

const meta = {
  title: 'Content/Record not found',
  component: RecordNotFound,
  args: { kind: 'project', backHref: '/app/projects' },
} satisfies Meta<typeof RecordNotFound>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A 404 is not an outage: the record is said missing, with the way back, and nothing to retry. */
export const Project: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Projet introuvable' })).toBeVisible();
    await expect(canvas.getByText("Ce projet n'existe pas ou a été supprimé.")).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Retour aux projets' })).toHaveAttribute(
      'href',
      '/app/projects',
    );
    await expect(canvas.queryByRole('button', { name: 'Réessayer' })).toBeNull();
    await expect(canvasElement).not.toHaveTextContent('connexion');
  },
};

export const Scenario: Story = {
  args: { kind: 'scenario', backHref: '/app/projects/p1' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Guide introuvable' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Retour au projet' })).toHaveAttribute(
      'href',
      '/app/projects/p1',
    );
  },
};
