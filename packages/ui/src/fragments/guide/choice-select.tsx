import { useMemo } from 'react';
import * as Field from '../../components/field/field';
import * as Select from '../../components/select/select';

export interface ChoiceSelectProps {
  label: string;
  items: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder: string;
  error?: string;
  disabled?: boolean;
  required?: boolean;
}

/** One value picked from a list (project, category, prerequisite scenario), with its error under it. */
export function ChoiceSelect({
  label,
  items,
  value,
  onChange,
  onBlur,
  placeholder,
  error,
  disabled,
  required,
}: ChoiceSelectProps) {
  const collection = useMemo(() => Select.createListCollection({ items }), [items]);
  return (
    <Field.Root invalid={!!error} disabled={disabled} required={required}>
      <Select.Root
        collection={collection as unknown as Select.RootProps['collection']}
        value={value ? [value] : []}
        onValueChange={(details) => onChange(details.value[0] ?? '')}
        onOpenChange={({ open }) => {
          if (!open) onBlur?.();
        }}
        disabled={disabled}
        invalid={!!error}
        positioning={{ sameWidth: true }}
      >
        <Select.Label>
          {label}
          {required && <Field.RequiredIndicator />}
        </Select.Label>
        <Select.Control>
          <Select.Trigger onBlur={onBlur}>
            <Select.ValueText placeholder={placeholder} />
          </Select.Trigger>
        </Select.Control>
        <Select.Positioner>
          <Select.Content>
            {collection.items.map((item) => (
              <Select.Item key={item.value} item={item}>
                <Select.ItemText>{item.label}</Select.ItemText>
                <Select.ItemIndicator />
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Positioner>
        <Select.HiddenSelect />
      </Select.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
