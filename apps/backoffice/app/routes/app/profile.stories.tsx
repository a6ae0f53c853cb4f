import type { StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { page, routeMeta } from '#stories/route-story.tsx';

const meta = { title: 'Routes/App/Profile', ...routeMeta('/app/profile') };
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    await expect(await page().findByDisplayValue('Lovelace')).toBeVisible();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async () => {
    await expect(await page().findByDisplayValue('Lovelace')).toBeVisible();
  },
};
