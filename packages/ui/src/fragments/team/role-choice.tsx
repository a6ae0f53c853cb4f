import { styled } from '@mulot/ui/styled-system/jsx';
import { useIntl } from 'react-intl';
import * as RadioGroup from '../../components/radio-group/radio-group';
import { isRole, ROLES, type Role, roleDescriptions, roleMessages } from './roles';

export interface RoleChoiceProps {
  value: Role | null;
  onChange: (role: Role) => void;
  disabled?: boolean;
  /** Used to name the hidden radio inputs; unique per form. */
  name: string;
}

const Description = styled('span');

/** Administrateur / Contributeur, each with what it allows (spec §6). */
export function RoleChoice({ value, onChange, disabled, name }: RoleChoiceProps) {
  const intl = useIntl();
  return (
    <RadioGroup.Root
      name={name}
      value={value}
      disabled={disabled}
      onValueChange={(details) => {
        if (isRole(details.value)) onChange(details.value);
      }}
    >
      <RadioGroup.Label>
        {intl.formatMessage({ id: 'team.role.label', defaultMessage: 'Rôle' })}
      </RadioGroup.Label>
      {ROLES.map((role) => (
        <RadioGroup.Item
          key={role}
          value={role}
          alignItems="start"
          p="3"
          borderWidth="1px"
          borderRadius="l2"
          _checked={{ borderColor: 'colorPalette.solid.bg', bg: 'colorPalette.subtle.bg' }}
        >
          <RadioGroup.ItemControl mt="0.5" />
          <RadioGroup.ItemText>
            <span>{intl.formatMessage(roleMessages[role])}</span>
            <Description color="fg.muted" textStyle="xs">
              {intl.formatMessage(roleDescriptions[role])}
            </Description>
          </RadioGroup.ItemText>
          <RadioGroup.ItemHiddenInput />
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
