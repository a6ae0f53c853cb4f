import type { StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { problem, refuse, reply } from '#stories/api.ts';
import { category, project } from '#stories/fixtures.ts';
import { findToast, page, route, routeMeta } from '#stories/route-story.tsx';

const meta = {
  title: 'Routes/App/Category',
  ...routeMeta(`/app/projects/${project.id}/categories/${category.id}`, {
    api: [reply('get', '/projects/{id}/categories/{categoryId}', category)],
  }),
};
export default meta;
type Story = StoryObj<typeof meta>;

/** Five guides, drafts and published, one with a long title and one without steps. */
export const Loaded: Story = {
  play: async () => {
    const screen = page();
    await expect(await screen.findByRole('heading', { level: 1, name: category.name })).toBeVisible();
    await expect(screen.getByRole('link', { name: /^Déclarer un arrêt maladie/ })).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: route({
    api: [
      reply('get', '/projects/{id}/categories/{categoryId}', {
        ...category,
        scenarios: [],
        scenarioCount: 0,
      }),
    ],
  }),
  play: async () => {
    await expect(await page().findByText('Aucun guide')).toBeVisible();
  },
};

export const NotFound: Story = {
  parameters: route({
    api: [
      refuse('get', '/projects/{id}/categories/{categoryId}', problem(404, "Cette catégorie n'existe pas.")),
    ],
  }),
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Catégorie introuvable' })).toBeVisible();
  },
};

/** "Supprimer" from a guide's menu: the confirmation, over the list (nothing of the page painted above it). */
export const DeleteGuideDialog: Story = {
  play: async () => {
    const screen = page();
    const title = category.scenarios[0]?.title ?? '';
    await userEvent.click(await screen.findByRole('button', { name: `Actions pour ${title}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('alertdialog', { name: `Supprimer le guide « ${title} » ?` });
    await expect(within(dialog).getByRole('button', { name: 'Supprimer' })).toBeVisible();
  },
};

/**
 * Another author changed the guide after the list was loaded. The contract: a write names the version the client
 * read in If-Match, and one that no longer matches answers 412 and changes nothing; without If-Match the delete is
 * unconditional. This API stand-in does the same, so a delete sent without the listed version goes through unseen.
 */
const changedMeanwhile = category.scenarios[0];
const deletes: (string | null)[] = [];
export const DeleteGuideChangedMeanwhile: Story = {
  parameters: route({
    api: [
      http.delete('/api/scenarios/:id', ({ request }) => {
        const ifMatch = request.headers.get('If-Match');
        deletes.push(ifMatch);
        if (ifMatch === null || ifMatch === `"${(changedMeanwhile?.version ?? 0) + 1}"`)
          return new HttpResponse(null, { status: 204 });
        return HttpResponse.json(
          problem(412, "Ce guide a été modifié entre-temps par quelqu'un d'autre.", {
            type: 'urn:mulot:problem:precondition-failed',
          }),
          { status: 412, headers: { 'content-type': 'application/problem+json' } },
        );
      }),
    ],
  }),
  play: async () => {
    deletes.length = 0;
    const screen = page();
    const title = changedMeanwhile?.title ?? '';
    await userEvent.click(await screen.findByRole('button', { name: `Actions pour ${title}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('alertdialog', { name: `Supprimer le guide « ${title} » ?` });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    // the author is told, and the guide is still there to look at again
    await findToast("Ce guide a été modifié par quelqu'un d'autre entre-temps.");
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(screen.getByRole('link', { name: new RegExp(`^${title}`) })).toBeVisible();
    expect(deletes).toEqual([`"${changedMeanwhile?.version}"`]);
  },
};
