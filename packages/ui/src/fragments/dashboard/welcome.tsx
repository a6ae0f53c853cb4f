import { Box, styled } from '@mulot/ui/styled-system/jsx';
import { useIntl } from 'react-intl';

export interface WelcomeProps {
  /** Empty until the user gives one: the greeting then goes without it. */
  firstname?: string;
}

const Title = styled('h1');
const Greeting = styled('p');

/** The dashboard's title and a greeting by first name. */
export function Welcome({ firstname }: WelcomeProps) {
  const intl = useIntl();
  const name = firstname?.trim();
  return (
    <Box>
      <Title textStyle="2xl" fontWeight="bold" lineHeight="tight">
        {intl.formatMessage({ id: 'dashboard.title', defaultMessage: 'Tableau de bord' })}
      </Title>
      <Greeting color="fg.muted" mt="1">
        {name
          ? intl.formatMessage(
              {
                id: 'dashboard.welcome.named',
                defaultMessage: "Bonjour {name}, voici l'activité de votre organisation.",
              },
              { name },
            )
          : intl.formatMessage({
              id: 'dashboard.welcome.anonymous',
              defaultMessage: "Bonjour, voici l'activité de votre organisation.",
            })}
      </Greeting>
    </Box>
  );
}
