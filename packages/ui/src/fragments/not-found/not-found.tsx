import { Box, Flex, styled } from '@mulot/ui/styled-system/jsx';
import { button } from '@mulot/ui/styled-system/recipes';
import { ArrowLeft, House } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/button/button';
import { FragmentLink } from '../link/link';

export interface NotFoundProps {
  /** Back to the previous page (the app calls the router's history). */
  onGoBack: () => void;
}

const linkClass = button({ variant: 'link', size: 'sm' });

/** Any unknown path (spec §2): no layout, ways back home, to the previous page, and to the main sections. */
export function NotFound({ onGoBack }: NotFoundProps) {
  const intl = useIntl();
  return (
    <Flex as="main" minH="dvh" alignItems="center" justifyContent="center" px="6" py="12" bg="bg.canvas">
      <Box maxW="md" textAlign="center" display="flex" flexDirection="column" alignItems="center" gap="6">
        <styled.p textStyle="6xl" fontWeight="bold" color="primary.fg" aria-hidden="true">
          404
        </styled.p>
        <Box>
          <styled.h1 textStyle="2xl" fontWeight="bold">
            <FormattedMessage id="notFound.title" defaultMessage="Page introuvable" />
          </styled.h1>
          <styled.p mt="2" color="fg.muted">
            <FormattedMessage
              id="notFound.text"
              defaultMessage="La page que vous cherchez n'existe pas ou a été déplacée."
            />
          </styled.p>
        </Box>
        <Flex gap="3" flexWrap="wrap" justifyContent="center">
          <FragmentLink href="/" className={button({ variant: 'solid' })}>
            <House aria-hidden />
            <FormattedMessage id="notFound.home" defaultMessage="Retour à l'accueil" />
          </FragmentLink>
          <Button variant="outline" onClick={onGoBack}>
            <ArrowLeft aria-hidden />
            <FormattedMessage id="notFound.back" defaultMessage="Page précédente" />
          </Button>
        </Flex>
        <nav aria-label={intl.formatMessage({ id: 'notFound.links', defaultMessage: 'Liens utiles' })}>
          <Flex as="ul" gap="4" listStyle="none" flexWrap="wrap" justifyContent="center">
            <li>
              <FragmentLink href="/app/dashboard" className={linkClass}>
                <FormattedMessage id="shell.nav.dashboard" defaultMessage="Tableau de bord" />
              </FragmentLink>
            </li>
            <li>
              <FragmentLink href="/app/projects" className={linkClass}>
                <FormattedMessage id="shell.nav.projects" defaultMessage="Vos projets" />
              </FragmentLink>
            </li>
            <li>
              <FragmentLink href="/app/team" className={linkClass}>
                <FormattedMessage id="shell.nav.team" defaultMessage="Équipe" />
              </FragmentLink>
            </li>
          </Flex>
        </nav>
      </Box>
    </Flex>
  );
}
