import { PageHeader } from '@mulot/ui/fragments/shell';
import { useIntl } from 'react-intl';
import { appMessages } from '../../lib/messages';
import { title } from '../../lib/title';

export const meta = () => title('titleScenarioNew');

// The page's content is being built on its own branch; until then it shows its title inside the shell.
export default function ScenarioNew() {
  const intl = useIntl();
  return <PageHeader title={intl.formatMessage(appMessages.titleScenarioNew)} />;
}
