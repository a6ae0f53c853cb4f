import { Flex, styled } from '@mulot/ui/styled-system/jsx';
import { Lightbulb } from 'lucide-react';
import { defineMessages, useIntl } from 'react-intl';
import * as Card from '../../components/card/card';

// Advice on using Mulot itself (not data): one per day, in turn.
const tips = defineMessages({
  capture: {
    id: 'dashboard.tip.capture',
    defaultMessage:
      "Capturez l'élément cible de chaque étape : le guide le retrouve même quand la page change un peu.",
  },
  prerequisites: {
    id: 'dashboard.tip.prerequisites',
    defaultMessage:
      "Ajoutez des prérequis à un guide pour indiquer ce qu'il faut avoir fait avant de le suivre.",
  },
  draft: {
    id: 'dashboard.tip.draft',
    defaultMessage:
      "Gardez un guide en brouillon tant qu'il n'est pas prêt : seuls les guides publiés sont proposés.",
  },
  categories: {
    id: 'dashboard.tip.categories',
    defaultMessage: 'Rangez vos guides en catégories pour que chacun trouve vite le bon.',
  },
  autoClick: {
    id: 'dashboard.tip.autoClick',
    defaultMessage:
      'Activez le clic automatique sur une étape évidente pour faire avancer le guide plus vite.',
  },
});
const order = Object.values(tips);

/** Which tip a given day shows (the same all day, the next one tomorrow). */
export function tipIndex(date: Date): number {
  const day = Math.floor(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000);
  return day % order.length;
}

const Text = styled('p');

export function TipOfTheDay({ date }: { date?: Date }) {
  const intl = useIntl();
  const tip = order[tipIndex(date ?? new Date())] ?? tips.capture;
  return (
    <Card.Root bg="primary.subtle.bg" borderColor="primary.outline.border">
      <Card.Body>
        <Flex gap="3" alignItems="start">
          <Lightbulb aria-hidden className="tip-icon" />
          <div>
            <Card.Title asChild>
              <h2>{intl.formatMessage({ id: 'dashboard.tip.title', defaultMessage: 'Astuce du jour' })}</h2>
            </Card.Title>
            <Text mt="1" textStyle="sm" color="primary.subtle.fg">
              {intl.formatMessage(tip)}
            </Text>
          </div>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
