'use client';
import { Progress as Ark } from '@ark-ui/react/progress';
import { createStyleContext } from '@mulot/ui/styled-system/jsx';
import { progress } from '@mulot/ui/styled-system/recipes';
import {
  type ComponentProps,
  createContext,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { useIntl } from 'react-intl';

const { withProvider, withContext } = createStyleContext(progress);

const StyledRoot = withProvider(Ark.Root, 'root');
export type RootProps = ComponentProps<typeof StyledRoot>;

interface LabelState {
  id: string;
  shown: boolean;
  setShown: (shown: boolean) => void;
}
const LabelContext = createContext<LabelState | undefined>(undefined);

/** Value text is formatted for the current locale ("40 %" in French, "40%" in English). */
export function Root({ ids, ...props }: RootProps) {
  const intl = useIntl();
  const generated = `progress-label-${useId()}`;
  const id = ids?.label ?? generated;
  const [shown, setShown] = useState(false);
  const label = useMemo(() => ({ id, shown, setShown }), [id, shown]);
  return (
    <LabelContext.Provider value={label}>
      <StyledRoot locale={intl.locale} ids={{ ...ids, label: id }} {...props} />
    </LabelContext.Provider>
  );
}

const StyledLabel = withContext(Ark.Label, 'label');

export function Label(props: ComponentProps<typeof StyledLabel>) {
  const label = useContext(LabelContext);
  useLayoutEffect(() => {
    label?.setShown(true);
    return () => label?.setShown(false);
  }, [label?.setShown]);
  return <StyledLabel {...props} />;
}
export const ValueText = withContext(Ark.ValueText, 'valueText');
const StyledTrack = withContext(Ark.Track, 'track');
export const Range = withContext(Ark.Range, 'range');
export { ProgressContext as Context } from '@ark-ui/react/progress';

/**
 * The progressbar. Ark names it by its value only ("40 %"); when a Label is rendered the bar is named by it
 * instead, and the value stays announced through aria-valuenow.
 */
export function Track(props: ComponentProps<typeof StyledTrack>) {
  const label = useContext(LabelContext);
  return <StyledTrack aria-labelledby={label?.shown ? label.id : undefined} {...props} />;
}
