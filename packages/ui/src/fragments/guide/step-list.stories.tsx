import type { Meta, StoryObj } from '@storybook/react-vite';
import { SquarePen } from 'lucide-react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../../components/button/button';
import { sampleScreenshot } from '../../stories-support/screenshot';
import { StepList } from './step-list';

const steps = [
  { id: 's1', position: 1, name: 'Ouvrir le panier', text: 'Cliquez sur l’icône du panier.' },
  { id: 's2', position: 2, name: 'Valider la commande', text: 'Cliquez sur « Commander ».' },
  { id: 's3', position: 3, name: 'Payer', text: 'Saisissez vos informations de paiement.' },
];

const meta = {
  title: 'Guide/StepList',
  component: StepList,
  args: { steps, onSelect: fn() },
  decorators: [(Story) => <div style={{ maxWidth: '40rem' }}>{Story()}</div>],
} satisfies Meta<typeof StepList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Numbered: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Étapes du guide' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(canvas.getByRole('button', { name: /Étape 2 : Valider la commande/ }));
    await expect(args.onSelect).toHaveBeenCalledWith(steps[1]);
    // Keyboard: the next step is one Tab away and Enter chooses it.
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenLastCalledWith(steps[2]);
  },
};

/** No step yet: the empty state says so and offers the way to add them, as every list's empty state does. */
export const Empty: Story = {
  args: {
    steps: [],
    emptyAction: (
      <Button>
        <SquarePen aria-hidden />
        Ajouter des étapes
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Ce guide ne contient aucune étape' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Ajouter des étapes' })).toBeVisible();
  },
};

/** With the health of each step from the recorded runs (scenario detail). */
export const WithHealth: Story = {
  args: {
    steps: [
      { ...(steps[0] as (typeof steps)[number]), health: 'ok' as const },
      { ...(steps[1] as (typeof steps)[number]), health: 'failing' as const },
      { ...(steps[2] as (typeof steps)[number]), health: 'degraded' as const },
    ],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const failing = canvas.getByRole('button', {
      name: /Étape 2 : Valider la commande.*Santé de l'étape : En échec/,
    });
    await expect(failing).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: /Étape 3 : Payer.*Santé de l'étape : Dégradée/ }),
    ).toBeVisible();
    await userEvent.click(failing);
    await expect(args.onSelect).toHaveBeenCalledWith(args.steps[1]);
  },
};

/**
 * Edited in place (the extension's creator panel): each step moves up or down and can be deleted, and a step
 * without a target on the page says so.
 */
export const EditedInPlace: Story = {
  args: {
    steps: [steps[0], { ...steps[1], targetMissing: true }, steps[2]] as typeof steps,
    onMove: fn(),
    onDelete: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: '24rem' }}>{Story()}</div>],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Aucun élément cible défini pour cette étape.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Monter : Ouvrir le panier' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Descendre : Payer' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Monter : Payer' }));
    await expect(args.onMove).toHaveBeenCalledWith(steps[2], -1);
    await userEvent.click(canvas.getByRole('button', { name: 'Supprimer : Valider la commande' }));
    await expect(args.onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 's2' }));
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/**
 * Recorded steps reviewed in the back-office: each with the capture taken when it was recorded, as a thumbnail that
 * opens full size (one step has none: the spec's text says so; one still loads).
 */
export const WithScreenshots: Story = {
  args: {
    steps: [
      { ...(steps[0] as (typeof steps)[number]), screenshot: { src: sampleScreenshot } },
      { ...(steps[1] as (typeof steps)[number]), screenshot: { src: null } },
      { ...(steps[2] as (typeof steps)[number]), screenshot: { src: undefined } },
    ],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await expect(canvas.getByText("Aucune capture d'écran associée à cette étape.")).toBeVisible();
    const enlarge = canvas.getByRole('button', { name: "Agrandir la capture d'écran : Ouvrir le panier" });
    await expect(enlarge.querySelector('img')).toHaveAttribute('loading', 'lazy');
    // by keyboard: the thumbnail is one Tab stop before its step
    enlarge.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await body.findByRole('dialog', { name: 'Étape 1 : Ouvrir le panier' });
    await expect(
      within(dialog).getByRole('img', { name: "Capture d'écran de la page au moment de la capture" }),
    ).toBeVisible();
    await userEvent.keyboard('{Escape}');
    // the dialog leaves with its exit animation: on a busy machine (the test pipeline's two lanes) past waitFor's
    // default second
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    await waitFor(() => expect(enlarge).toHaveFocus());
    await expect(args.onSelect).not.toHaveBeenCalled();
  },
};

/** On a phone the thumbnail heads its step, which keeps the width of the screen for its text. */
export const WithScreenshotsPhone: Story = {
  ...WithScreenshots,
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const thumbnail = canvas
      .getByRole('button', { name: "Agrandir la capture d'écran : Ouvrir le panier" })
      .getBoundingClientRect();
    const step = canvas.getByRole('button', { name: /Étape 1 : Ouvrir le panier/ }).getBoundingClientRect();
    await expect(thumbnail.bottom).toBeLessThanOrEqual(step.top);
    // 390 px wide, less the page's padding: the step keeps the whole row.
    await expect(step.width).toBeGreaterThan(300);
  },
};
