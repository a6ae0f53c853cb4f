import { ark } from '@ark-ui/react/factory';
import { createStyleContext } from '@mulot/ui/styled-system/jsx';
import { breadcrumb } from '@mulot/ui/styled-system/recipes';
import { ChevronRight } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useIntl } from 'react-intl';

const { withProvider, withContext } = createStyleContext(breadcrumb);

const StyledRoot = withProvider(ark.nav, 'root');
export const List = withContext(ark.ol, 'list');
export const Item = withContext(ark.li, 'item');
/** A link to an ancestor page; use `asChild` to render the router's link. */
export const Link = withContext(ark.a, 'link');
const StyledPage = withContext(ark.span, 'page');
const StyledSeparator = withContext(ark.li, 'separator');

export function Root(props: ComponentProps<typeof StyledRoot>) {
  const intl = useIntl();
  return (
    <StyledRoot
      aria-label={intl.formatMessage({ id: 'ui.breadcrumb.label', defaultMessage: "Fil d'Ariane" })}
      {...props}
    />
  );
}

/** The current page: last crumb, not a link. */
export function Page(props: ComponentProps<typeof StyledPage>) {
  return <StyledPage aria-current="page" {...props} />;
}

export function Separator(props: ComponentProps<typeof StyledSeparator>) {
  return (
    <StyledSeparator role="presentation" aria-hidden="true" {...props}>
      <ChevronRight />
    </StyledSeparator>
  );
}
