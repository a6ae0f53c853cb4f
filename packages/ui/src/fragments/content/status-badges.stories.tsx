import { HStack, VStack } from '@mulot/ui/styled-system/jsx';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { CategoryStatusBadge, ProjectStatusBadge, ScenarioStatusBadge } from './status-badges';

const meta = { title: 'Content/Status badges' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Thresholds of spec §4, each side of every boundary. */
export const Thresholds: Story = {
  render: () => (
    <VStack alignItems="start" gap="3">
      <HStack data-testid="project">
        {[0, 1, 3, 4].map((count) => (
          <span key={count} data-count={count}>
            <ProjectStatusBadge scenarioCount={count} />
          </span>
        ))}
      </HStack>
      <HStack data-testid="category">
        {[0, 1, 2, 3].map((count) => (
          <span key={count} data-count={count}>
            <CategoryStatusBadge scenarioCount={count} />
          </span>
        ))}
      </HStack>
      <HStack data-testid="scenario">
        <ScenarioStatusBadge status="published" />
        <ScenarioStatusBadge status="draft" />
      </HStack>
    </VStack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const texts = (id: string) =>
      [...canvas.getByTestId(id).querySelectorAll('.badge')].map((b) => b.textContent);
    await expect(texts('project')).toEqual([
      'En préparation',
      'En développement',
      'En développement',
      'Actif',
    ]);
    await expect(texts('category')).toEqual(['Vide', 'En cours', 'En cours', 'Actif']);
    await expect(texts('scenario')).toEqual(['Publié', 'Brouillon']);
  },
};

/** The thresholds are explained in a tooltip, reached by keyboard as by pointer. */
export const ExplainsThresholds: Story = {
  render: () => (
    <HStack gap="3" p="8">
      <ProjectStatusBadge scenarioCount={2} />
      <CategoryStatusBadge scenarioCount={0} />
    </HStack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'En développement' })).toHaveFocus();
    await expect(
      await page.findByText(
        'En préparation : aucun scénario. En développement : 1 à 3 scénarios. Actif : plus de 3 scénarios.',
        undefined,
        { timeout: 3000 },
      ),
    ).toBeVisible();
    await userEvent.hover(canvas.getByRole('button', { name: 'Vide' }));
    await expect(
      await page.findByText(
        'Vide : aucun scénario. En cours : 1 ou 2 scénarios. Actif : plus de 2 scénarios.',
        undefined,
        { timeout: 3000 },
      ),
    ).toBeVisible();
  },
};
