import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { firstArg } from '../../stories-support/calls';
import { sampleScreenshot } from '../../stories-support/screenshot';
import { ShadowRootEnvironment } from './shadow-root';
import { type CapturedTarget, StepEditor } from './step-editor';

const target: CapturedTarget = { tag: 'button', role: 'button', name: 'Commander', text: 'Commander' };

/** Ends a story that clicked near the bottom: no focus ring left, and the page back at the top for the shot. */
function resetView(canvasElement: HTMLElement) {
  const doc = canvasElement.ownerDocument;
  (doc.activeElement as HTMLElement | null)?.blur();
  for (const el of doc.querySelectorAll('*'))
    if (el.shadowRoot) (el.shadowRoot.activeElement as HTMLElement | null)?.blur();
  doc.defaultView?.scrollTo(0, 0);
}

const meta = {
  title: 'Runner/StepEditor',
  component: StepEditor,
  args: {
    mode: 'add',
    target: null,
    capture: 'idle',
    onStartCapture: fn(),
    onCancelCapture: fn(),
    onSubmit: fn(),
    onCancel: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: '24rem' }}>{Story()}</div>],
} satisfies Meta<typeof StepEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

export const MessagesOnBlur: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('textbox', { name: /Titre de l'étape/ }));
    await userEvent.tab();
    await expect(await canvas.findByText("Le titre de l'étape est requis")).toBeVisible();
    await userEvent.click(canvas.getByRole('textbox', { name: /Action à effectuer/ }));
    await userEvent.tab();
    await expect(await canvas.findByText("La description de l'action est requise")).toBeVisible();
    // a step is played on a page: its URL is required (the same rule in the extension's editor)
    await userEvent.click(canvas.getByRole('textbox', { name: /URL de la page/ }));
    await userEvent.tab();
    await expect(await canvas.findByText("L'URL de la page est requise")).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: /URL de la page/ }), 'boutique');
    await expect(
      await canvas.findByText("L'URL doit être une adresse web valide, commençant par http:// ou https://"),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: "Ajouter l'étape" }));
    await expect(args.onSubmit).not.toHaveBeenCalled();
    resetView(canvasElement);
  },
};

export const AddWithoutTarget: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Aucun élément n'a été capturé pour cette étape.")).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Capturer un élément' }));
    await expect(args.onStartCapture).toHaveBeenCalledOnce();
    await userEvent.type(canvas.getByRole('textbox', { name: /Titre de l'étape/ }), '  Ouvrir le panier ');
    await userEvent.type(
      canvas.getByRole('textbox', { name: /Action à effectuer/ }),
      'Cliquez sur le panier',
    );
    await userEvent.type(
      canvas.getByRole('textbox', { name: /URL de la page/ }),
      'https://boutique.example.com',
    );
    await userEvent.click(canvas.getByRole('button', { name: "Ajouter l'étape" }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    await expect(firstArg(args.onSubmit)).toEqual({
      name: 'Ouvrir le panier',
      text: 'Cliquez sur le panier',
      extra: '',
      url: 'https://boutique.example.com',
      autoClick: false,
      // the missing-target policy's defaults: wait 6 s, then show the step unanchored
      waitSeconds: 6,
      fallback: 'unanchored',
    });
    resetView(canvasElement);
  },
};

/** Waiting for the author to pick an element on the page: Escape (anywhere) cancels, saving waits. */
export const Detecting: Story = {
  args: { capture: 'detecting' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Détection en cours...' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: "Ajouter l'étape" })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancelCapture).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Annuler la capture' }));
    await expect(args.onCancelCapture).toHaveBeenCalledTimes(2);
  },
};

/** Idle → detecting → captured, as the extension drives it (the "page" button stands for the customer's site). */
export const CaptureFlow: Story = {
  render: (args) => {
    const [capture, setCapture] = useState<'idle' | 'detecting'>('idle');
    const [captured, setCaptured] = useState<CapturedTarget | null>(null);
    return (
      <div style={{ display: 'grid', gap: '1rem' }}>
        <button
          type="button"
          onClick={() => {
            if (capture !== 'detecting') return;
            setCaptured(target);
            setCapture('idle');
          }}
        >
          Commander
        </button>
        <StepEditor
          {...args}
          capture={capture}
          target={captured}
          screenshot={captured ? sampleScreenshot : null}
          onStartCapture={() => setCapture('detecting')}
          onCancelCapture={() => setCapture('idle')}
        />
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Capturer un élément' }));
    await expect(canvas.getByRole('status', { name: 'Détection en cours...' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByText("Aucun élément n'a été capturé pour cette étape.")).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Capturer un élément' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Commander' }));
    await expect(canvas.getByText('« Commander »')).toBeVisible();
    await expect(canvas.getByRole('img', { name: /Capture d'écran de la page/ })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Recapturer' }));
    await expect(canvas.getByRole('status', { name: 'Détection en cours...' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    // Cancelling a recapture keeps the target captured before.
    await expect(canvas.getByText('« Commander »')).toBeVisible();
    resetView(canvasElement);
  },
};

export const ModifyCaptured: Story = {
  args: {
    mode: 'modify',
    position: 2,
    target,
    screenshot: sampleScreenshot,
    saved: true,
    defaultValues: {
      name: 'Valider la commande',
      text: 'Cliquez sur « Commander » pour confirmer.',
      extra: 'Le paiement est demandé ensuite.',
      url: 'https://boutique.example.com/panier',
      autoClick: true,
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: "Modifier l'étape 2" })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Étape mise à jour avec succès');
    await expect(canvas.getByText('« Commander »')).toBeVisible();
    await expect(
      canvas.getByRole('checkbox', { name: "Cliquer automatiquement sur l'élément" }),
    ).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Recapturer' }));
    await expect(args.onStartCapture).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: "Mettre à jour l'étape" }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    await expect(firstArg(args.onSubmit)).toMatchObject({ name: 'Valider la commande', autoClick: true });
    resetView(canvasElement);
  },
};

/**
 * The element was picked on another page than the one typed: that page becomes the step's URL, what the author
 * typed stays, and the missing-target policy the step had is kept.
 */
export const CapturedOnAnotherPage: Story = {
  args: {
    mode: 'modify',
    position: 3,
    target,
    capturedUrl: 'https://boutique.example.com/commande',
    defaultValues: {
      name: 'Payer',
      text: 'Saisissez vos informations de paiement.',
      url: 'https://boutique.example.com/panier',
      waitSeconds: 2,
      fallback: 'skip',
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: /URL de la page/ })).toHaveValue(
      'https://boutique.example.com/commande',
    );
    await expect(canvas.getByRole('spinbutton', { name: 'Attendre la cible (secondes)' })).toHaveValue(2);
    await userEvent.click(canvas.getByRole('button', { name: "Mettre à jour l'étape" }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    await expect(firstArg(args.onSubmit)).toMatchObject({
      name: 'Payer',
      url: 'https://boutique.example.com/commande',
      waitSeconds: 2,
      fallback: 'skip',
    });
    resetView(canvasElement);
  },
};

export const CapturedWithoutScreenshot: Story = {
  args: { target: { tag: 'a', role: 'link', text: 'Mon compte' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('link')).toBeVisible();
    await expect(canvas.getByText('« Mon compte »')).toBeVisible();
    await expect(canvas.getByText("Aucune capture d'écran associée à cette étape.")).toBeVisible();
  },
};

export const Saving: Story = {
  args: {
    mode: 'modify',
    position: 1,
    pending: true,
    error: 'Erreur de mise à jour',
    target,
    defaultValues: { name: 'Ouvrir le panier', text: 'Cliquez sur le panier' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Enregistrement...' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Erreur de mise à jour');
  },
};

/**
 * The extension's panel lives in a shadow root: the form, Ark's checkbox and Escape during detection work
 * there too.
 */
export const InShadowRoot: Story = {
  args: { capture: 'detecting' },
  render: (args) => {
    const [capture, setCapture] = useState(args.capture);
    return (
      <ShadowRootEnvironment styles="document">
        <StepEditor
          {...args}
          capture={capture}
          onCancelCapture={() => {
            args.onCancelCapture();
            setCapture('idle');
          }}
        />
      </ShadowRootEnvironment>
    );
  },
  play: async ({ canvasElement, args }) => {
    const findHost = () => [...canvasElement.querySelectorAll('div')].find((el) => el.shadowRoot);
    await waitFor(() => expect(findHost()?.shadowRoot?.querySelector('form')).toBeTruthy());
    const host = findHost() as HTMLElement;
    const shadow = within(host.shadowRoot as unknown as HTMLElement);
    await expect(canvasElement.querySelector('form')).toBeNull();
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancelCapture).toHaveBeenCalledOnce();
    await expect(shadow.getByText("Aucun élément n'a été capturé pour cette étape.")).toBeVisible();
    await userEvent.type(shadow.getByRole('textbox', { name: /Titre de l'étape/ }), 'Se connecter');
    await userEvent.type(
      shadow.getByRole('textbox', { name: /Action à effectuer/ }),
      'Cliquez sur Connexion',
    );
    await userEvent.type(
      shadow.getByRole('textbox', { name: /URL de la page/ }),
      'https://boutique.example.com/connexion',
    );
    const checkbox = shadow.getByRole('checkbox', { name: "Cliquer automatiquement sur l'élément" });
    await userEvent.click(shadow.getByText("Cliquer automatiquement sur l'élément"));
    await expect(checkbox).toBeChecked();
    await userEvent.click(shadow.getByRole('button', { name: "Ajouter l'étape" }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    await expect(firstArg(args.onSubmit)).toMatchObject({ name: 'Se connecter', autoClick: true });
    resetView(canvasElement);
  },
};
