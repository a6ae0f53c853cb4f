import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { SearchInput } from './search-input';

const projects = ['Site vitrine', 'Boutique en ligne', 'Intranet RH'];

/** A search box filtering a list by name, as on the projects page. */
function Filtered({ initial = '' }: { initial?: string }) {
  const [query, setQuery] = useState(initial);
  const shown = projects.filter((name) => name.toLowerCase().includes(query.trim().toLowerCase()));
  return (
    <>
      <SearchInput
        value={query}
        onValueChange={setQuery}
        aria-label="Rechercher un projet"
        placeholder="Rechercher..."
      />
      <ul>
        {shown.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </>
  );
}

const meta = { title: 'Primitives/SearchInput', render: () => <Filtered /> } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filtering: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('searchbox', { name: 'Rechercher un projet' });
    // The magnifier is painted above the input, not hidden behind its background. (The icon lets the pointer
    // through, so it takes hits only for the time of this check.)
    const icon = box.parentElement?.querySelector<HTMLElement>('[aria-hidden="true"]');
    if (!icon) throw new Error('no search icon');
    const { left, top, width, height } = icon.getBoundingClientRect();
    icon.style.pointerEvents = 'auto';
    const painted = document.elementFromPoint(left + width / 2, top + height / 2);
    icon.style.pointerEvents = '';
    await expect(icon.contains(painted)).toBe(true);
    await expect(canvas.queryByRole('button')).toBeNull();
    await userEvent.type(box, 'boutique');
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(canvas.getByRole('button', { name: /Effacer la recherche|Clear search/ }));
    await expect(box).toHaveValue('');
    await expect(box).toHaveFocus();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
  },
};

export const EscapeClears: Story = {
  render: () => <Filtered initial="intranet" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('searchbox');
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1);
    box.focus();
    await userEvent.keyboard('{Escape}');
    await expect(box).toHaveValue('');
  },
};
