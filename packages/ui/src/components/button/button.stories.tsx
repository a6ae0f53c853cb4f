import { HStack, VStack } from '@mulot/ui/styled-system/jsx';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Plus, Save, Trash2 } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { useDemoText } from '../../stories-support/demo-text';
import { Button, IconButton } from './button';

const meta = {
  title: 'Primitives/Button',
  component: Button,
  args: { onClick: fn(), children: 'Enregistrer' },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Solid: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Enregistrer' });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    await expect(button).toHaveAttribute('type', 'button');
  },
};

export const Variants: Story = {
  render: (args) => {
    const t = useDemoText();
    return (
      <VStack alignItems="start" gap="4">
        <HStack gap="3">
          <Button {...args} variant="solid">
            {t('Principal', 'Primary')}
          </Button>
          <Button {...args} variant="subtle">
            {t('Discret', 'Subtle')}
          </Button>
          <Button {...args} variant="outline">
            {t('Contour', 'Outline')}
          </Button>
          <Button {...args} variant="plain">
            {t('Simple', 'Plain')}
          </Button>
          <Button {...args} variant="link">
            {t('Lien', 'Link')}
          </Button>
        </HStack>
        <HStack gap="3">
          <Button {...args} colorPalette="secondary">
            {t('Secondaire', 'Secondary')}
          </Button>
          <Button {...args} colorPalette="gray" variant="outline">
            {t('Annuler', 'Cancel')}
          </Button>
          <Button {...args} colorPalette="red">
            <Trash2 aria-hidden />
            {t('Supprimer le membre', 'Remove member')}
          </Button>
          <Button {...args} colorPalette="red" variant="outline">
            {t('Supprimer', 'Delete')}
          </Button>
        </HStack>
      </VStack>
    );
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('button')).toHaveLength(9);
  },
};

export const Destructive: Story = {
  args: { colorPalette: 'red', children: 'Supprimer le membre' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Supprimer le membre' }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <HStack gap="3">
      <Button {...args} size="xs">
        XS
      </Button>
      <Button {...args} size="sm">
        SM
      </Button>
      <Button {...args} size="md">
        MD
      </Button>
      <Button {...args} size="lg">
        LG
      </Button>
    </HStack>
  ),
  play: async ({ canvasElement }) => {
    const [xs, lg] = [
      within(canvasElement).getByRole('button', { name: 'XS' }),
      within(canvasElement).getByRole('button', { name: 'LG' }),
    ];
    await expect(xs.getBoundingClientRect().height).toBeLessThan(lg.getBoundingClientRect().height);
  },
};

export const WithIcon: Story = {
  render: (args) => {
    const t = useDemoText();
    return (
      <Button {...args}>
        <Save aria-hidden />
        {t('Sauvegarder les modifications', 'Save changes')}
      </Button>
    );
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button')).toHaveAccessibleName(
      /Sauvegarder les modifications|Save changes/,
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Enregistrer' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Pending: Story = {
  args: { loading: true, loadingText: 'Sauvegarde...', children: 'Sauvegarder les modifications' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Sauvegarde...' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button.querySelector('.spinner')).not.toBeNull();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const IconButtons: Story = {
  render: () => {
    const t = useDemoText();
    return (
      <HStack gap="3">
        <IconButton aria-label={t('Ajouter', 'Add')}>
          <Plus aria-hidden />
        </IconButton>
        <IconButton aria-label={t('Supprimer', 'Delete')} colorPalette="red" variant="outline">
          <Trash2 aria-hidden />
        </IconButton>
        <IconButton aria-label={t('Enregistrer', 'Save')} variant="plain" colorPalette="gray">
          <Save aria-hidden />
        </IconButton>
        <IconButton aria-label={t('Ajouter', 'Add')} loading>
          <Plus aria-hidden />
        </IconButton>
      </HStack>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('button', { name: 'Ajouter' })).toHaveLength(2);
    const [, pending] = canvas.getAllByRole('button', { name: 'Ajouter' });
    await expect(pending).toBeDisabled();
    const add = canvas.getAllByRole('button', { name: 'Ajouter' })[0];
    await expect(add?.getBoundingClientRect().width).toBe(add?.getBoundingClientRect().height);
  },
};
