// The platform administrators' organization switcher (spec §6) itself, Ark's select with its positioning: fetched
// by app-sidebar.tsx when an administrator first points at, focuses or presses its stand-in.

import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { type LoadIntent, useReplayIntent } from '../../components/deferred/use-load-on-intent';
import * as Select from '../../components/select/select';
import { type OrganizationSwitcherProps, switcherMessages } from './organization-switcher-props';

export function OrganizationSelect({
  organizations,
  currentOrganizationId,
  onOrganizationChange,
  intent,
}: OrganizationSwitcherProps & { intent: LoadIntent }) {
  const intl = useIntl();
  const trigger = useRef<HTMLButtonElement>(null);
  useReplayIntent(trigger, intent);
  const collection = Select.createListCollection({
    items: organizations,
    itemToValue: (o) => o.id,
    itemToString: (o) => o.name,
  });
  return (
    <Select.Root
      // The styled Root does not carry Ark's item generic; the items are the organizations above.
      collection={collection as unknown as Select.RootProps['collection']}
      value={currentOrganizationId ? [currentOrganizationId] : []}
      onValueChange={(details) => {
        const id = details.value[0];
        if (id) onOrganizationChange(id);
      }}
    >
      <Select.Label>{intl.formatMessage(switcherMessages.label)}</Select.Label>
      <Select.Control>
        <Select.Trigger ref={trigger}>
          <Select.ValueText placeholder={intl.formatMessage(switcherMessages.placeholder)} />
        </Select.Trigger>
      </Select.Control>
      <Select.Positioner>
        <Select.Content>
          {collection.items.map((organization) => (
            <Select.Item key={organization.id} item={organization}>
              <Select.ItemText>{organization.name}</Select.ItemText>
              <Select.ItemIndicator />
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Positioner>
      <Select.HiddenSelect />
    </Select.Root>
  );
}
