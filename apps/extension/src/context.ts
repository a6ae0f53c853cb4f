import type { Api } from './client';
import type { PublicSession } from './messages';

/** What a panel needs to call the API and speak the user's language. */
export interface Context {
  session: PublicSession;
  api: Api;
}
