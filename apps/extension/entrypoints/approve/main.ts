import '../../src/generated/panda.css';
import { css } from '@mulot/ui/styled-system/css';
import { h } from '../../src/dom';
import { translator } from '../../src/intl';
import { buttons } from '../../src/panel';
import { send } from '../../src/runtime';
import { styles } from '../../src/styles';

// The consent window of a first launch from an origin (see README "Launch protocol").
const id = location.hash.slice(1);
const root = document.getElementById('app') as HTMLElement;
root.className = css({
  p: '5',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  fontFamily: 'body',
  fontSize: 'sm',
});

void send<{ origin: string; locale: 'fr' | 'en' } | null>({ kind: 'approval:get', id }).then((pending) => {
  if (!pending) {
    window.close();
    return;
  }
  const t = translator(pending.locale);
  document.documentElement.lang = pending.locale;
  document.title = t('approve.title');
  const answer = (allow: boolean) =>
    void send({ kind: 'approval:answer', id, allow }).then(() => window.close());
  const allow = h(
    'button',
    { type: 'button', class: buttons.primary, onclick: () => answer(true) },
    t('approve.allow'),
  );
  root.replaceChildren(
    h('h1', { class: styles.heading }, t('approve.title')),
    h('p', {}, t('approve.text', { origin: pending.origin })),
    h(
      'div',
      { class: styles.row },
      allow,
      h(
        'button',
        { type: 'button', class: buttons.secondary, onclick: () => answer(false) },
        t('approve.deny'),
      ),
    ),
  );
});
