import { VStack } from '@mulot/ui/styled-system/jsx';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CategoryStats, ProjectDetailStats, ProjectStats } from './stats';

const meta = { title: 'Content/Stat cards' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const now = new Date('2026-11-21T09:00:00Z');

/** The figure shown under a stat's label. */
function figure(canvasElement: HTMLElement, label: string) {
  const term = within(canvasElement).getByText(label);
  return term.closest('div')?.querySelector('dd')?.textContent;
}

export const Rows: Story = {
  render: () => (
    <VStack alignItems="stretch" gap="6">
      <ProjectStats
        now={now}
        projects={[
          { scenarioCount: 0, updatedAt: '2026-11-20T09:00:00Z' },
          { scenarioCount: 4, updatedAt: '2026-11-14T09:00:00Z' },
          { scenarioCount: 1, updatedAt: '2026-11-14T08:59:00Z' },
        ]}
      />
      <ProjectDetailStats categories={[{ scenarioCount: 0 }, { scenarioCount: 2 }, { scenarioCount: 3 }]} />
      <CategoryStats category={{ scenarioCount: 3, publishedCount: 1 }} />
    </VStack>
  ),
  play: async ({ canvasElement }) => {
    await expect(figure(canvasElement, 'Total des projets')).toBe('3');
    await expect(figure(canvasElement, 'Avec scénarios')).toBe('2');
    // Exactly 7 days before counts; a minute more does not.
    await expect(figure(canvasElement, 'Modifiés ces 7 derniers jours')).toBe('2');
    await expect(figure(canvasElement, 'Catégories')).toBe('3');
    await expect(figure(canvasElement, 'Total des scénarios')).toBe('5');
    await expect(figure(canvasElement, 'Catégories avec contenu')).toBe('2');
    await expect(figure(canvasElement, 'Total des guides')).toBe('3');
    await expect(figure(canvasElement, 'Publiés')).toBe('1');
    await expect(figure(canvasElement, 'Brouillons')).toBe('2');
  },
};

export const Loading: Story = {
  render: () => <ProjectStats loading projects={[]} />,
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByLabelText('Statistiques des projets');
    await expect(row).toHaveAttribute('aria-busy', 'true');
    await expect(figure(canvasElement, 'Total des projets')).toBe('');
  },
};
