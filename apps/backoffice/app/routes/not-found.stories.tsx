import type { StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { page, routeMeta } from '#stories/route-story.tsx';

const meta = { title: 'Routes/NotFound', ...routeMeta('/une/adresse/inconnue') };
export default meta;

export const Default: StoryObj<typeof meta> = {
  play: async () => {
    await expect(await page().findByRole('heading', { level: 1 })).toBeVisible();
  },
};
