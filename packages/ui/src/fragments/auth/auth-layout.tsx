import { Box, Flex, styled } from '@mulot/ui/styled-system/jsx';
import { MousePointerClick, Rocket, Sparkles, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

const Claims = styled('ul');
const Claim = styled('li');

/** The login page's marketing panel: the three claims of spec §1. */
export function AuthMarketingPanel() {
  const intl = useIntl();
  const claims = [
    {
      icon: <Sparkles aria-hidden />,
      title: intl.formatMessage({
        id: 'auth.marketing.interface.title',
        defaultMessage: 'Interface intuitive et moderne',
      }),
      text: intl.formatMessage({
        id: 'auth.marketing.interface.text',
        defaultMessage: 'Créez vos guides pas à pas directement sur vos pages, sans écrire de code.',
      }),
    },
    {
      icon: <Users aria-hidden />,
      title: intl.formatMessage({
        id: 'auth.marketing.collaboration.title',
        defaultMessage: "Collaboration d'équipe simplifiée",
      }),
      text: intl.formatMessage({
        id: 'auth.marketing.collaboration.text',
        defaultMessage: 'Invitez vos collègues et répartissez les rôles en quelques clics.',
      }),
    },
    {
      icon: <Rocket aria-hidden />,
      title: intl.formatMessage({
        id: 'auth.marketing.deployment.title',
        defaultMessage: 'Déploiement instantané',
      }),
      text: intl.formatMessage({
        id: 'auth.marketing.deployment.text',
        defaultMessage: 'Publiez un guide et vos utilisateurs le suivent aussitôt sur votre site.',
      }),
    },
  ];
  return (
    <Box
      as="section"
      aria-labelledby="auth-marketing-title"
      bg="primary.solid.bg"
      color="primary.solid.fg"
      p={{ base: '8', lg: '12' }}
      display="flex"
      flexDirection="column"
      justifyContent="center"
      gap="8"
      h="full"
    >
      <styled.h2 id="auth-marketing-title" textStyle="2xl" fontWeight="bold">
        <FormattedMessage
          id="auth.marketing.title"
          defaultMessage="Des guides interactifs pour vos utilisateurs"
        />
      </styled.h2>
      <Claims display="flex" flexDirection="column" gap="6" listStyle="none">
        {claims.map((claim) => (
          <Claim key={claim.title} display="flex" gap="4" alignItems="flex-start">
            <Box
              flexShrink="0"
              p="2"
              borderRadius="l2"
              bg="primary.solid.bg.hover"
              css={{ '& svg': { w: '5', h: '5' } }}
            >
              {claim.icon}
            </Box>
            <Box>
              <styled.h3 fontWeight="semibold">{claim.title}</styled.h3>
              <styled.p textStyle="sm">{claim.text}</styled.p>
            </Box>
          </Claim>
        ))}
      </Claims>
    </Box>
  );
}

/** The product mark shown above every auth form. */
export function Brand() {
  return (
    <Flex alignItems="center" gap="2" fontWeight="bold" textStyle="xl" color="fg.default">
      <Box color="primary.solid.bg" css={{ '& svg': { w: '6', h: '6' } }}>
        <MousePointerClick aria-hidden />
      </Box>
      Mulot
    </Flex>
  );
}

export interface AuthLayoutProps {
  children: ReactNode;
  /** The login page carries the marketing panel beside its form. */
  withMarketing?: boolean;
}

/** Auth pages have no app shell: a centred column (and the marketing panel on large screens for login). */
export function AuthLayout({ children, withMarketing = false }: AuthLayoutProps) {
  return (
    <Flex minH="dvh" bg="bg.canvas">
      <styled.main
        flex="1"
        display="flex"
        flexDirection="column"
        alignItems="center"
        justifyContent="center"
        gap="8"
        px="6"
        py="12"
      >
        <Brand />
        <Box w="full" maxW="sm">
          {children}
        </Box>
      </styled.main>
      {withMarketing && (
        <Box flex="1" display={{ base: 'none', lg: 'block' }}>
          <AuthMarketingPanel />
        </Box>
      )}
    </Flex>
  );
}

/** Title and subtitle of an auth screen (the page's h1). */
export function AuthHeading({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <Box mb="6" textAlign="center">
      <styled.h1 textStyle="2xl" fontWeight="bold">
        {title}
      </styled.h1>
      {description && (
        <styled.p mt="2" color="fg.muted" textStyle="sm">
          {description}
        </styled.p>
      )}
    </Box>
  );
}
