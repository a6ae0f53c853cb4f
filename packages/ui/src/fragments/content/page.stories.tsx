import type { Meta, StoryObj } from '@storybook/react-vite';
import { Clock, ListOrdered, Pencil } from 'lucide-react';
import { expect, within } from 'storybook/test';
import { Button } from '../../components/button/button';
import { ContentBreadcrumb, ContentHeader, pageStack } from './page';
import { ScenarioStatusBadge } from './status-badges';

const meta = { title: 'Content/Page header' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const ScenarioHeader: Story = {
  render: () => (
    <div className={pageStack}>
      <ContentBreadcrumb
        items={[
          { label: 'Vos projets', href: '/app/projects' },
          { label: 'Boutique', href: '/app/projects/p1' },
          { label: 'Commande', href: '/app/projects/p1/categories/c1' },
          { label: 'Passer une commande' },
        ]}
      />
      <ContentHeader
        title="Passer une commande"
        badge={<ScenarioStatusBadge status="draft" />}
        description="Du panier au paiement."
        meta={
          <>
            <span>
              <ListOrdered aria-hidden /> 6 étapes
            </span>
            <span>
              <Clock aria-hidden /> 5-10 min
            </span>
          </>
        }
        actions={
          <Button variant="outline">
            <Pencil aria-hidden /> Modifier
          </Button>
        }
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: "Fil d'Ariane" });
    await expect(within(nav).getByRole('link', { name: 'Boutique' })).toHaveAttribute(
      'href',
      '/app/projects/p1',
    );
    await expect(within(nav).getByText('Passer une commande')).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).queryByRole('link', { name: 'Passer une commande' })).toBeNull();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Passer une commande' })).toBeVisible();
  },
};
