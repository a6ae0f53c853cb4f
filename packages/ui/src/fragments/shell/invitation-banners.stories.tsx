import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { InvitationBanners } from './invitation-banners';

const boutique = {
  organizationId: 'b1f1c2d4-0000-4000-8000-000000000001',
  organizationName: 'Boutique Lumière',
};
const atelier = { organizationId: 'b1f1c2d4-0000-4000-8000-000000000002', organizationName: 'Atelier Mulot' };

const meta = {
  title: 'Fragments/Shell/InvitationBanners',
  component: InvitationBanners,
  args: { invitations: [boutique, atelier], onAccept: fn(), onRefuse: fn() },
} satisfies Meta<typeof InvitationBanners>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Issue 37: one banner per invitation waiting for the user's answer, each answered on its own. */
export const AcceptOrRefuse: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const first = canvas.getByRole('region', { name: 'Vous êtes invité(e) à rejoindre Boutique Lumière' });
    await expect(first).toHaveTextContent('Vous êtes invité(e) à rejoindre Boutique Lumière');
    await userEvent.click(within(first).getByRole('button', { name: 'Accepter' }));
    await expect(args.onAccept).toHaveBeenCalledWith(boutique);
    const second = canvas.getByRole('region', { name: 'Vous êtes invité(e) à rejoindre Atelier Mulot' });
    await userEvent.click(within(second).getByRole('button', { name: 'Refuser' }));
    await expect(args.onRefuse).toHaveBeenCalledWith(atelier);
    await expect(args.onAccept).toHaveBeenCalledTimes(1);
  },
};

/** While one invitation is being answered its buttons wait; the other stays usable. */
export const Answering: Story = {
  args: { busyId: boutique.organizationId },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = canvas.getByRole('region', { name: 'Vous êtes invité(e) à rejoindre Boutique Lumière' });
    await expect(within(first).getByRole('button', { name: 'Refuser' })).toBeDisabled();
    const second = canvas.getByRole('region', { name: 'Vous êtes invité(e) à rejoindre Atelier Mulot' });
    await expect(within(second).getByRole('button', { name: 'Accepter' })).toBeEnabled();
  },
};
