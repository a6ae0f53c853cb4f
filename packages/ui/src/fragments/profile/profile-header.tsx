import { Box, Flex, HStack, styled } from '@mulot/ui/styled-system/jsx';
import { Mail } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Avatar } from '../../components/avatar/avatar';
import * as Card from '../../components/card/card';
import { type Role, RoleBadge } from '../team/roles';

export interface ProfileHeaderProps {
  firstname: string;
  lastname: string;
  email: string;
  /** Role in the current organization; none shown when the user belongs to none. */
  role: Role | null;
}

const Name = styled('h2');
const Email = styled('p');

/** The profile's header card (under the page's h1): avatar, first and last name, role badge, email (spec §2 Profile). */
export function ProfileHeader({ firstname, lastname, email, role }: ProfileHeaderProps) {
  const intl = useIntl();
  const name =
    `${firstname} ${lastname}`.trim() ||
    intl.formatMessage({ id: 'profile.header.noName', defaultMessage: 'Nom non renseigné' });
  return (
    <Card.Root>
      <Card.Body>
        <Flex alignItems="center" gap="5" flexWrap="wrap">
          <Avatar firstName={firstname || email} lastName={lastname} size="lg" />
          <Box minW="0">
            <HStack gap="3" flexWrap="wrap">
              <Name textStyle="2xl" fontWeight="bold" lineHeight="tight">
                {name}
              </Name>
              {role && <RoleBadge role={role} />}
            </HStack>
            <Email display="flex" alignItems="center" gap="1.5" mt="1" color="fg.muted" textStyle="sm">
              <Mail aria-hidden size="1em" />
              {email}
            </Email>
          </Box>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
