import { styled } from '@mulot/ui/styled-system/jsx';
import { searchInput } from '@mulot/ui/styled-system/recipes';
import { Search, X } from 'lucide-react';
import { type ComponentProps, useRef } from 'react';
import { useIntl } from 'react-intl';

const Root = styled('div');
const Icon = styled('span');
const Field = styled('input');
const Clear = styled('button');

export interface SearchInputProps
  extends Omit<ComponentProps<typeof Field>, 'value' | 'onChange' | 'type' | 'defaultValue'> {
  value: string;
  onValueChange: (value: string) => void;
  /** Accessible name, e.g. "Rechercher un projet" (the placeholder alone is not a label). */
  'aria-label': string;
}

/** A controlled search box with a clear button; Escape clears it too. Filtering is the caller's job. */
export function SearchInput({ value, onValueChange, onKeyDown, ...props }: SearchInputProps) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const classes = searchInput();
  return (
    <Root className={classes.root}>
      <Icon className={classes.icon} aria-hidden="true">
        <Search />
      </Icon>
      <Field
        ref={input}
        type="search"
        className={classes.input}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            onValueChange('');
          }
          onKeyDown?.(event);
        }}
        {...props}
      />
      {value && (
        <Clear
          type="button"
          className={classes.clear}
          aria-label={intl.formatMessage({
            id: 'ui.searchInput.clear',
            defaultMessage: 'Effacer la recherche',
          })}
          onClick={() => {
            onValueChange('');
            input.current?.focus();
          }}
        >
          <X aria-hidden />
        </Clear>
      )}
    </Root>
  );
}
