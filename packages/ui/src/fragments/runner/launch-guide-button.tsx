import { css } from '@mulot/ui/styled-system/css';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../components/button/button';

/** "Lancer", named after its guide for screen readers ("Lancer le guide « … »"): the catalogue's and the assistant's. */
export function LaunchGuideButton({
  title,
  weak = false,
  onClick,
}: {
  title: string;
  /** a "peut-être" match: launched the same way, shown less prominently */
  weak?: boolean;
  onClick: () => void;
}) {
  return (
    <Button size="sm" variant={weak ? 'outline' : undefined} onClick={onClick}>
      <FormattedMessage id="runner.catalogue.launch" defaultMessage="Lancer" />
      <span className={css({ srOnly: true })}>
        {' '}
        <FormattedMessage
          id="runner.catalogue.launchGuide"
          defaultMessage="le guide « {title} »"
          values={{ title }}
        />
      </span>
    </Button>
  );
}
