import { getIntl } from './intl';
import { type AppMessage, appMessages } from './messages';

/** A route's document title ("Connexion · Mulot"), in the current locale. */
export function title(message: AppMessage) {
  return [{ title: `${getIntl().formatMessage(appMessages[message])} · Mulot` }];
}
