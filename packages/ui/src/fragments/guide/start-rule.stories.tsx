import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { firstArg } from '../../stories-support/calls';
import { type PagePatternCheck, StartRuleCard, type StartRuleValue } from './start-rule';

const manual: StartRuleValue = {
  mode: 'manual',
  pages: [],
  frequency: 'once',
  delaySeconds: 0,
  audience: [],
};
const automatic: StartRuleValue = {
  mode: 'automatic',
  pages: ['/factures/*'],
  frequency: 'until-completed',
  delaySeconds: 3,
  audience: [{ attribute: 'plan', operator: 'equals', value: 'pro' }],
};

// The guide's steps' pages, and the project's one site.
const stepPaths = ['/factures', '/factures/12', '/factures/12/payer'];
const stepPages = [
  { position: 1, name: 'Ouvrir les factures', pattern: '/factures' },
  { position: 2, name: 'Choisir la facture', pattern: '/factures/12' },
  { position: 3, name: 'Payer', pattern: '/factures/12/payer' },
];

/**
 * The app passes its reading of patterns (`@mulot/api-client/page-pattern`, with the project's sites and the steps'
 * pages); the stories read them the same simple way for their one site and three pages.
 */
function checkPattern(pattern: string): PagePatternCheck {
  const address = /^https?:\/\/([^/]+)(\/.*)?$/.exec(pattern);
  if (/[?#\s]/.test(pattern) || (!address && !/^[/*]/.test(pattern))) return { refusal: 'shape' };
  if (address && address[1] !== 'boutique.exemple.fr') return { refusal: 'site' };
  const path = address ? (address[2] ?? '/') : pattern.startsWith('*') ? `/${pattern}` : pattern;
  if (/^(\/\*+)+\/?$/.test(path)) return { coverage: 'every-page' };
  const glob = new RegExp(
    `^${path
      .split('/')
      .map((segment) =>
        segment === '**' ? '.*' : segment.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'),
      )
      .join('/')}$`,
  );
  return stepPaths.some((step) => glob.test(step)) ? {} : { coverage: 'no-step' };
}

const meta = {
  title: 'Guide/StartRule',
  component: StartRuleCard,
  args: { value: manual, identifySeenAt: '2026-12-01T09:30:00.000Z', stepPages, checkPattern, onSave: fn() },
  decorators: [(Story) => <div style={{ maxWidth: '48rem' }}>{Story()}</div>],
} satisfies Meta<typeof StartRuleCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** While the rule loads: the card is busy, its form not drawn yet. */
export const Loading: Story = {
  args: { value: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('region', { name: 'Démarrage' });
    await expect(card).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByRole('radiogroup')).toBeNull();
  },
};

/** Today's behaviour: the guide starts when picked. Choosing "Automatique" asks where. */
export const Manual: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: /Manuel/ })).toBeChecked();
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await userEvent.click(canvas.getByText('Automatique'));
    // no page yet: the rule cannot start anywhere
    await userEvent.click(canvas.getByRole('button', { name: 'Enregistrer le démarrage' }));
    await expect(await canvas.findByText('Indiquez au moins une page où le guide démarre.')).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
    // a blank line, then "Page actuelle": a step's page fills it in
    await userEvent.click(canvas.getByRole('button', { name: 'Ajouter une page' }));
    const page = canvas.getByRole('textbox', { name: 'Page 1' });
    await expect(page).toHaveValue('');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Page actuelle' }));
    await userEvent.click(
      await within(canvasElement.ownerDocument.body).findByRole('option', {
        name: /Étape 2 : Choisir la facture/,
      }),
    );
    await waitFor(() => expect(page).toHaveValue('/factures/12'));
    await userEvent.click(canvas.getByRole('button', { name: 'Enregistrer le démarrage' }));
    await waitFor(() => expect(args.onSave).toHaveBeenCalledOnce());
    await expect(firstArg(args.onSave)).toEqual({
      mode: 'automatic',
      pages: ['/factures/12'],
      frequency: 'once',
      delaySeconds: 0,
      audience: [],
    });
  },
};

/** A guide that starts by itself on the invoices, at each visit until completed, for the "pro" plan. */
export const Automatic: Story = {
  args: { value: automatic },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: /Automatique/ })).toBeChecked();
    await expect(canvas.getByRole('textbox', { name: 'Page 1' })).toHaveValue('/factures/*');
    await expect(canvas.getByRole('combobox', { name: 'Fréquence' })).toHaveTextContent(
      "À chaque visite, jusqu'à ce qu'il soit terminé",
    );
    // an "is set" condition has no value to compare
    await userEvent.click(canvas.getByRole('button', { name: 'Ajouter une condition' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Attribut 2' }), 'email');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Condition 2' }));
    await userEvent.click(
      await within(canvasElement.ownerDocument.body).findByRole('option', { name: 'est renseigné' }),
    );
    await expect(canvas.queryByRole('textbox', { name: 'Valeur 2' })).toBeNull();
    const delay = canvas.getByRole('textbox', { name: 'Délai avant de démarrer (secondes)' });
    await userEvent.clear(delay);
    await userEvent.type(delay, '601');
    await userEvent.tab();
    await expect(
      await canvas.findByText('Indiquez un nombre entier de secondes entre 0 et 600.'),
    ).toBeVisible();
    await userEvent.clear(delay);
    await userEvent.type(delay, '10');
    await userEvent.click(canvas.getByRole('button', { name: 'Enregistrer le démarrage' }));
    await waitFor(() => expect(args.onSave).toHaveBeenCalledOnce());
    await expect(firstArg(args.onSave)).toEqual({
      ...automatic,
      delaySeconds: 10,
      audience: [...automatic.audience, { attribute: 'email', operator: 'is-set' }],
    });
  },
};

/** Warned, not refused: a pattern that covers every page, one that matches none of the steps' pages. */
export const Warnings: Story = {
  args: { value: { ...automatic, pages: ['/**', '/avoirs/*'], audience: [] } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('Ce motif correspond à toutes les pages : le guide démarrera partout.'),
    ).toBeVisible();
    await expect(
      canvas.getByText('Ce motif ne correspond à aucune page des étapes de ce guide.'),
    ).toBeVisible();
    // refused before the server: an address off the project's site, a query
    await userEvent.click(canvas.getByRole('button', { name: 'Ajouter une page' }));
    const third = canvas.getByRole('textbox', { name: 'Page 3' });
    await userEvent.clear(third);
    await userEvent.type(third, 'https://ailleurs.example.org/factures');
    await userEvent.tab();
    await expect(await canvas.findByText("Cette adresse n'est sur aucun des sites du projet.")).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retirer la page 3' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Enregistrer le démarrage' }));
    await waitFor(() => expect(args.onSave).toHaveBeenCalledOnce());
    await expect(firstArg(args.onSave)).toMatchObject({ pages: ['/**', '/avoirs/*'] });
  },
};

/** Conditions on a project whose sites never said who their user is: they match no one, and the card says so. */
export const IdentifyNeverSeen: Story = {
  args: { value: automatic, identifySeenAt: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent(
      "Les sites de ce projet n'ont encore jamais identifié leurs utilisateurs (mulot('identify', …)) : ces conditions ne sont remplies pour personne.",
    );
    // without a condition, nothing to say
    await userEvent.click(canvas.getByRole('button', { name: 'Retirer la condition 1' }));
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

/** The rule could not be read; and a save the server refused on a field. */
export const Failed: Story = {
  args: { value: undefined, loadError: 'Impossible de charger le démarrage du guide.', onRetry: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Impossible de charger le démarrage du guide.');
    await userEvent.click(canvas.getByRole('button', { name: 'Réessayer' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Refused: Story = {
  args: {
    value: { ...automatic, pages: ['/factures/*', 'https://boutique.exemple.fr/compte'] },
    fieldErrors: { 'pages.1.value': "Cette adresse n'est sur aucun des sites du projet." },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Page 2' })).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText("Cette adresse n'est sur aucun des sites du projet.")).toBeVisible();
  },
};

export const Phone: Story = {
  args: { value: automatic },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = canvas.getByRole('textbox', { name: 'Page 1' });
    // nothing wider than the phone: the page's field and its buttons wrap
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(
      canvasElement.ownerDocument.documentElement.clientWidth,
    );
    await expect(page.getBoundingClientRect().width).toBeGreaterThan(200);
  },
};

/**
 * In the creator's narrow panel on a wide page: laid out by the card's own width (a container query), so the page's
 * field keeps its width and its buttons go below it, as on a phone; "Page actuelle" offers the tab's page first.
 */
export const InCreatorPanel: Story = {
  args: {
    value: automatic,
    currentPage: '/factures/12/payer',
  },
  decorators: [(Story) => <div style={{ maxWidth: '22rem' }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = canvas.getByRole('textbox', { name: 'Page 1' });
    const remove = canvas.getByRole('button', { name: 'Retirer la page 1' });
    await expect(remove.getBoundingClientRect().top).toBeGreaterThan(page.getBoundingClientRect().bottom);
    await expect(page.getBoundingClientRect().width).toBeGreaterThan(250);
    const card = canvas.getByRole('region', { name: 'Démarrage' });
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
    // a line just added and left blank is not called missing before saving
    await userEvent.click(canvas.getByRole('button', { name: 'Ajouter une page' }));
    await userEvent.click(canvas.getByRole('combobox', { name: 'Page actuelle' }));
    await expect(canvas.queryByText('Indiquez une page, ou retirez cette ligne.')).toBeNull();
    // the step standing on this page is not offered a second time
    await expect(
      await within(canvasElement.ownerDocument.body).findByRole('option', {
        name: /^Étape 2 : Choisir la facture/,
      }),
    ).toBeVisible();
    await expect(
      within(canvasElement.ownerDocument.body).queryByRole('option', { name: /^Étape 3/ }),
    ).toBeNull();
    await userEvent.click(
      await within(canvasElement.ownerDocument.body).findByRole('option', {
        name: 'Cette page — /factures/12/payer',
      }),
    );
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: 'Page 2' })).toHaveValue('/factures/12/payer'),
    );
  },
};

export const English: Story = {
  args: { value: automatic, identifySeenAt: null },
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Start' })).toBeVisible();
    await expect(canvas.getByRole('radio', { name: /Automatic/ })).toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Save how it starts' })).toBeVisible();
  },
};

export const Dark: Story = {
  args: { value: { ...automatic, pages: ['/**'] }, identifySeenAt: null },
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toBeVisible();
    await expect(
      canvas.getByText('Ce motif correspond à toutes les pages : le guide démarrera partout.'),
    ).toBeVisible();
  },
};
