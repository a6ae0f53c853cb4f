import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../button/button';
import * as Card from './card';

const meta = { title: 'Primitives/Card' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: () => (
    <Card.Root maxW="md">
      <Card.Header>
        <Card.Title>Informations personnelles</Card.Title>
        <Card.Description>Modifiez votre prénom et votre nom.</Card.Description>
      </Card.Header>
      <Card.Body>Contenu de la carte</Card.Body>
      <Card.Footer>
        <Button>Sauvegarder les modifications</Button>
      </Card.Footer>
    </Card.Root>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 3, name: 'Informations personnelles' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sauvegarder les modifications' })).toBeEnabled();
  },
};

/** A clickable card (project, category, scenario) shows focus around the whole card. */
export const Interactive: Story = {
  render: () => (
    <Card.Root interactive maxW="sm">
      <Card.Header>
        <Card.Title>
          <a href="#projet">Site vitrine</a>
        </Card.Title>
        <Card.Description>3 catégories</Card.Description>
      </Card.Header>
      <Card.Body>Guides de prise en main du site.</Card.Body>
    </Card.Root>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Site vitrine' });
    link.focus();
    const card = link.closest('.card__root');
    if (!card) throw new Error('no card root');
    await expect(getComputedStyle(card).outlineStyle).toBe('solid');
  },
};
