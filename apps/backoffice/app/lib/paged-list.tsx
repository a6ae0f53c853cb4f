// What the screens listing a growing collection share (projects, a project's categories, a category's guides):
// a search sent to the server once the typing pauses, and the "Voir plus" that loads the next page.
import { Button } from '@mulot/ui/components/button';
import { css } from '@mulot/ui/styled-system/css';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { contentMessages as m } from './content-messages.ts';

/** How long the search box waits for the typing to pause before asking the server. */
const SEARCH_DEBOUNCE_MS = 250;

/** The value once it has not changed for `delay` ms (a cleared search applies at once). */
export function useDebounced(value: string, delay = SEARCH_DEBOUNCE_MS): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value.trim() === '') {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

const moreRow = css({ display: 'flex', justifyContent: 'center', pt: '6' });

/** "Voir plus" under a paged list, while the server has more. */
export function ShowMore({
  pages,
}: {
  pages: {
    hasNextPage: boolean;
    isError: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
  };
}) {
  const intl = useIntl();
  if (!pages.hasNextPage || pages.isError) return null;
  return (
    <div className={moreRow}>
      <Button variant="outline" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
        {intl.formatMessage(m.showMore)}
      </Button>
    </div>
  );
}
