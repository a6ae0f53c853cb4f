import '../../src/generated/panda.css';
import { Button } from '@mulot/ui/components/button';
import { AlertDialog } from '@mulot/ui/components/dialog';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { panelIntl, renderPage } from '../../src/render';
import { send } from '../../src/runtime';
import { trusted } from '../../src/trusted';

const messages = defineMessages({
  title: { id: 'extension.approve.title', defaultMessage: 'Autoriser ce site à lancer Mulot ?' },
  allow: { id: 'extension.approve.allow', defaultMessage: 'Autoriser' },
  deny: { id: 'extension.approve.deny', defaultMessage: 'Refuser' },
});

// The consent window of a first launch from an origin (see README "Launch protocol"): a ui dialog that no page can
// script. Refusing, closing it (Escape, the close button) or leaving it unanswered refuses this launch.
const id = location.hash.slice(1);

function Consent({ origin }: { origin: string }) {
  const intl = useIntl();
  const [answered, setAnswered] = useState(false);
  const answer = (allow: boolean) => {
    if (answered) return;
    setAnswered(true);
    void send({ kind: 'approval:answer', id, allow }).then(() => window.close());
  };
  return (
    // a click beside it is no answer: only the buttons and Escape are
    <AlertDialog.Root
      open
      closeOnInteractOutside={false}
      onOpenChange={(details) => !details.open && answer(false)}
    >
      <AlertDialog.Content>
        <AlertDialog.Header>
          <AlertDialog.Title>{intl.formatMessage(messages.title)}</AlertDialog.Title>
          <AlertDialog.Description>
            <FormattedMessage
              id="extension.approve.text"
              defaultMessage="{origin} demande à lancer l'extension avec une session Mulot. N'autorisez que le back-office Mulot de votre organisation."
              values={{ origin }}
            />
          </AlertDialog.Description>
        </AlertDialog.Header>
        <AlertDialog.Footer>
          <Button variant="outline" onClick={() => answer(false)} disabled={answered}>
            {intl.formatMessage(messages.deny)}
          </Button>
          {/* only the user's own click allows: a synthetic one is ignored */}
          <Button onClick={trusted(() => answer(true))} disabled={answered}>
            {intl.formatMessage(messages.allow)}
          </Button>
        </AlertDialog.Footer>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

void send<{ origin: string; locale: 'fr' | 'en' } | null>({ kind: 'approval:get', id }).then((pending) => {
  if (!pending) {
    window.close();
    return;
  }
  const intl = panelIntl(pending.locale);
  document.documentElement.lang = pending.locale;
  document.title = intl.formatMessage(messages.title);
  renderPage(intl, <Consent origin={pending.origin} />);
});
