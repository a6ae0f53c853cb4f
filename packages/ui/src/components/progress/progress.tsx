'use client';
import { Progress as Ark } from '@ark-ui/react/progress';
import { createStyleContext } from '@mulot/ui/styled-system/jsx';
import { progress } from '@mulot/ui/styled-system/recipes';
import type { ComponentProps } from 'react';
import { useIntl } from 'react-intl';

const { withProvider, withContext } = createStyleContext(progress);

const StyledRoot = withProvider(Ark.Root, 'root');
export type RootProps = ComponentProps<typeof StyledRoot>;

/** Value text is formatted for the current locale ("40 %" in French, "40%" in English). */
export function Root(props: RootProps) {
  const intl = useIntl();
  return <StyledRoot locale={intl.locale} {...props} />;
}
export const Label = withContext(Ark.Label, 'label');
export const ValueText = withContext(Ark.ValueText, 'valueText');
export const Track = withContext(Ark.Track, 'track');
export const Range = withContext(Ark.Range, 'range');
export { ProgressContext as Context } from '@ark-ui/react/progress';
